@testable import AtomJournal
import Testing

/// A list's JSON put together from its elements' remembered JSON is the JSON of the list,
/// byte for byte; an element is encoded again only when its bits are new to the memo.
@Suite("Recorder: list elements' JSON remembered by their bits")
struct ElementJSONMemoTests {
    /// Counts how many times its elements are encoded.
    final class EncodeCounter {
        var count = 0
    }

    struct Counted: Encodable, Equatable {
        let id: Int
        let note: String
        let counter: EncodeCounter

        static func == (lhs: Counted, rhs: Counted) -> Bool { lhs.id == rhs.id && lhs.note == rhs.note }

        func encode(to encoder: any Encoder) throws {
            counter.count += 1
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(note, forKey: .note)
        }

        enum CodingKeys: String, CodingKey { case id, note }
    }

    struct Row: Encodable, Equatable {
        var name: String
        var tags: [String]
        var score: Int?
    }

    struct Measured: Encodable, Equatable {
        var label: String
        var value: Double
    }

    /// The list's JSON as the memo puts it together, or `nil` when an element cannot be
    /// written by the fast encoder.
    func joined<Element: Encodable>(_ list: [Element], memo: ElementJSONMemo<Element>, encoder: JournalValueEncoder) -> String? {
        var writer = ByteWriter()
        writer.u8(UInt8(ascii: "["))
        let complete = list.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if index > 0 { writer.u8(UInt8(ascii: ",")) }
                guard let base = elements.baseAddress,
                      memo.appendJSON(of: base + index, to: &writer, lengthPrefixed: false, encoder: encoder) != nil else { return false }
            }
            return true
        }
        guard complete else { return nil }
        writer.u8(UInt8(ascii: "]"))
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("Put together from its elements, a list is the JSON the encoder writes for it")
    func joinedListIsTheListsJSON() throws {
        let encoder = JournalValueEncoder()
        let rows = [
            Row(name: "plain", tags: [], score: nil),
            Row(name: "quote \" slash / tab \t bell \u{7}", tags: ["a", "é", "\u{1F600}"], score: -3),
            Row(name: "", tags: ["x"], score: 0),
        ]
        let memo = ElementJSONMemo<Row>()
        for _ in 0..<2 {  // encoded, then remembered
            #expect(joined(rows, memo: memo, encoder: encoder) == encoder.json(rows))
        }
        let numbers = [3, -1, Int.max, 0]
        #expect(joined(numbers, memo: ElementJSONMemo<Int>(), encoder: encoder) == encoder.json(numbers))
        let optionals: [String?] = ["a", nil, "c"]
        #expect(joined(optionals, memo: ElementJSONMemo<String?>(), encoder: encoder) == encoder.json(optionals))
        // Floating point is left to JSONEncoder: the memo declines and writes nothing.
        let measured = [Measured(label: "pi", value: 3.14)]
        #expect(joined(measured, memo: ElementJSONMemo<Measured>(), encoder: encoder) == nil)
        var writer = ByteWriter()
        let written = measured.withUnsafeBufferPointer { elements in
            elements.baseAddress.flatMap {
                ElementJSONMemo<Measured>().appendJSON(of: $0, to: &writer, lengthPrefixed: true, encoder: encoder)
            }
        }
        #expect(written == nil)
        #expect(writer.bytes.isEmpty)
    }

    @Test("An element is encoded once while its bits are remembered; equal values with other bits are encoded again")
    func elementsAreEncodedOncePerBits() {
        let encoder = JournalValueEncoder()
        let counter = EncodeCounter()
        let memo = ElementJSONMemo<Counted>()
        let list = (0..<5).map { Counted(id: $0, note: String(repeating: "n\($0)", count: 20), counter: counter) }
        #expect(joined(list, memo: memo, encoder: encoder) == encoder.json(list))
        let afterFirst = counter.count
        #expect(afterFirst == 5 + 5, "five for the memo, five for the reference JSON")
        // A filtered copy holds the same elements, bit for bit: nothing is encoded.
        let filtered = list.filter { $0.id % 2 == 0 }
        let filteredJSON = joined(filtered, memo: memo, encoder: encoder)
        #expect(counter.count == afterFirst)
        #expect(filteredJSON == encoder.json(filtered))
        // The same values in new storage are new bits: encoded again, and still right.
        let rebuilt = (0..<5).map { Counted(id: $0, note: String(repeating: "n\($0)", count: 20), counter: counter) }
        let before = counter.count
        #expect(joined(rebuilt, memo: memo, encoder: encoder) == encoder.json(list))
        #expect(counter.count == before + 5 + 5)
    }

    @Test("Past its capacity and its byte limit, and for an element too long to keep, the JSON stays right")
    func limitsKeepTheJSONRight() {
        let encoder = JournalValueEncoder()
        let memo = ElementJSONMemo<Row>()
        let many = (0..<(ElementJSONMemo<Row>.capacity * 2 + 7)).map { (index: Int) in
            Row(name: "row \(index)", tags: ["t\(index % 3)"], score: index)
        }
        #expect(joined(many, memo: memo, encoder: encoder) == encoder.json(many))
        #expect(joined(many, memo: memo, encoder: encoder) == encoder.json(many))
        let long = [Row(name: String(repeating: "long ", count: 2_000), tags: [], score: 1), Row(name: "short", tags: [], score: 2)]
        #expect(joined(long, memo: memo, encoder: encoder) == encoder.json(long))
        let wide = (0..<200).map { (index: Int) in Row(name: String(repeating: "w", count: 2_000) + "\(index)", tags: [], score: index) }
        #expect(joined(wide, memo: memo, encoder: encoder) == encoder.json(wide))
    }

    @Test("The last patch is found again only for the very same two list buffers")
    func lastPatchIsFoundByBuffers() {
        let memo = ElementJSONMemo<Int>()
        let old = [1, 2, 3]
        let new = [1, 20, 3]
        #expect(memo.lastPatch(from: old, to: new) == nil)
        memo.rememberPatch(from: old, to: new, edits: [9, 8, 7][...])
        #expect(memo.lastPatch(from: old, to: new) == [9, 8, 7])
        let passedThrough = new  // a view passing the list through: the same buffer
        #expect(memo.lastPatch(from: old, to: passedThrough) == [9, 8, 7])
        // Equal lists in other buffers are not the same lists.
        #expect(memo.lastPatch(from: old, to: new.map { $0 }) == nil)
        #expect(memo.lastPatch(from: old.map { $0 }, to: new) == nil)
        #expect(memo.lastPatch(from: new, to: old) == nil)
    }

    /// Runs `action` when the last copy of the element holding it goes.
    final class DeinitHook {
        var action: (() -> Void)?
        deinit { action?() }
    }

    struct Hooked: Encodable, Equatable {
        let id: Int
        let hook: DeinitHook

        static func == (lhs: Hooked, rhs: Hooked) -> Bool { lhs.id == rhs.id }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
        }

        enum CodingKeys: String, CodingKey { case id }
    }

    /// The memo's fields are not checked for exclusivity at run time: its proof is that user
    /// code (an element's deinit, which could record again) never runs while a field is being
    /// accessed. Here the deinits of the elements the memo drops write through the same memo,
    /// as a deinit that writes to the recorded store would, and its answers stay right.
    @Test("An element's deinit that uses the memo while the memo drops elements or lists finds it whole")
    func deinitsThatReenterTheMemo() {
        let encoder = JournalValueEncoder()
        let memo = ElementJSONMemo<Hooked>()
        var reentered = 0
        var reenteredJSON: [(id: Int, json: String)] = []
        func rememberedJSON(of element: Hooked) -> String? {
            var writer = ByteWriter()
            let length = withUnsafePointer(to: element) { memo.appendJSON(of: $0, to: &writer, lengthPrefixed: false, encoder: encoder) }
            return length == nil ? nil : String(decoding: writer.bytes, as: UTF8.self)
        }
        // Past the capacity the memo forgets everything: each dropped element's deinit then
        // remembers another element, in the memo that is forgetting.
        for index in 0..<(ElementJSONMemo<Hooked>.capacity + 5) {
            let hook = DeinitHook()
            let id = index
            hook.action = {
                reentered += 1
                if let json = rememberedJSON(of: Hooked(id: 100_000 + id, hook: DeinitHook())) { reenteredJSON.append((100_000 + id, json)) }
            }
            #expect(rememberedJSON(of: Hooked(id: index, hook: hook)) == #"{"id":\#(index)}"#)
        }
        // Each forgotten element's deinit ran once, after the memo had forgotten it: the
        // first `capacity`, and the element that made the memo full again while those
        // deinits remembered theirs.
        #expect(reentered == ElementJSONMemo<Hooked>.capacity + 1)
        #expect(reenteredJSON.count == reentered)
        #expect(reenteredJSON.allSatisfy { $0.json == #"{"id":\#($0.id)}"# })
        // What the deinits remembered, and new elements, read back right.
        let fresh = Hooked(id: 7, hook: DeinitHook())
        #expect(rememberedJSON(of: fresh) == #"{"id":7}"#)
        #expect(rememberedJSON(of: fresh) == #"{"id":7}"#)

        // A replaced last patch drops its lists: their last element's deinit writes the
        // memo's last patch again.
        var nested = 0
        let inner = [Hooked(id: 1, hook: DeinitHook())]
        do {
            let hook = DeinitHook()
            hook.action = {
                nested += 1
                memo.rememberPatch(from: inner, to: inner, edits: [5][...])
            }
            memo.rememberPatch(from: [Hooked(id: 0, hook: hook)], to: [], edits: [1][...])
        }
        #expect(nested == 0)
        let old = [Hooked(id: 2, hook: DeinitHook())]
        let new = [Hooked(id: 3, hook: DeinitHook())]
        memo.rememberPatch(from: old, to: new, edits: [2][...])
        #expect(nested == 1)
        // The deinit ran after the new patch was in place, and its own patch is the last.
        #expect(memo.lastPatch(from: inner, to: inner) == [5])
        #expect(memo.lastPatch(from: old, to: new) == nil)

        // Two deep: a dropped list's deinit remembers a patch whose replaced list's deinit
        // remembers another. Each level finds the memo whole, and the deepest patch is last.
        var seen: [[UInt8]?] = []
        let deepest = [Hooked(id: 10, hook: DeinitHook())]
        do {
            let middleHook = DeinitHook()
            middleHook.action = {
                seen.append(memo.lastPatch(from: [], to: []))
                memo.rememberPatch(from: deepest, to: deepest, edits: [9][...])
            }
            let outerHook = DeinitHook()
            outerHook.action = {
                seen.append(memo.lastPatch(from: [], to: []))
                // Replaces the outer patch's lists: the middle list, whose deinit goes deeper.
                memo.rememberPatch(from: [Hooked(id: 11, hook: middleHook)], to: [], edits: [8][...])
                memo.rememberPatch(from: inner, to: inner, edits: [7][...])
            }
            memo.rememberPatch(from: [Hooked(id: 12, hook: outerHook)], to: [], edits: [6][...])
        }
        let first = [Hooked(id: 13, hook: DeinitHook())]
        memo.rememberPatch(from: first, to: first, edits: [4][...])
        #expect(seen.count == 2)
        #expect(memo.lastPatch(from: deepest, to: deepest) == [9])
        #expect(memo.lastPatch(from: first, to: first) == nil)
        #expect(memo.lastPatch(from: inner, to: inner) == nil)
    }
}

