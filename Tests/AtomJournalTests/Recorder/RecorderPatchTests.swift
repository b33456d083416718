import AtomJournal
import Atoms
import Foundation
import Testing

private struct Item: Codable, Equatable, Sendable {
    var id: Int
    var name: String
    var tags: [String]
}

private struct ItemsAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Item] {
        (0..<40).map { Item(id: $0, name: "item \($0)", tags: $0 % 2 == 0 ? ["even"] : []) }
    }
}

/// A view of the list: the same array while `showAll`, so that it changes as the list does.
private struct ShowAllAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Bool { true }
}

private struct VisibleItemsAtom: ValueAtom, Hashable {
    func value(context: Context) -> [Item] {
        let items = context.watch(ItemsAtom())
        return context.watch(ShowAllAtom()) ? items : items.filter { $0.tags.isEmpty }
    }
}

/// Encodable but not Equatable elements: never patched, always written whole.
private struct Plain: Encodable, Sendable {
    var value: Int
}

private struct PlainListAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Plain] { (0..<20).map(Plain.init) }
}

private struct SecretListAtom: StateAtom, Sensitive, Hashable {
    func defaultValue(context: Context) -> [String] { (0..<20).map { "secret-list-\($0)" } }
}

/// A list whose whole value is not JSON (JSON has no NaN), so it is written as its
/// description: no patch can be based on that.
private struct NotJSONListAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Double] { [.nan] + (1...30).map(Double.init) }
}

/// A list whose elements the fast encoder declines (floating point): its patches hold
/// `JSONEncoder`'s text of each changed element.
private struct MeasuresAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Double] { (1...30).map { Double($0) / 4 } }
}

private final class Box: Encodable, Equatable, @unchecked Sendable {
    // Why `@unchecked Sendable` is safe here: the test reads and writes boxes on one thread only.
    var name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.name == rhs.name }
}

/// A list of class instances, which can change in place under the same pointer.
private struct BoxListAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Box] { (0..<20).map { Box("box \($0)") } }
}

/// The JSON the recorder writes for a whole value.
private func wholeJSON(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@MainActor
@Suite("Recorder: changed lists written as patches")
struct RecorderPatchTests {
    @Test("Every kind of list change replays to exactly the whole value, and keyframes agree")
    func everyChangeReplaysExactly() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url, options: JournalRecorderOptions(keyframeInterval: 4))
        let context = root.context()
        _ = context.watch(VisibleItemsAtom())
        let items = ItemsAtom()
        var expected: [[Item]] = []
        func change(_ body: (inout [Item]) -> Void) {
            context.modify(items) { body(&$0) }
            expected.append(context.read(items))
        }
        change { $0[3].name = "renamed" } // one element replaced
        change { $0[7].tags.append("nested") } // a change inside an element
        change { $0.insert(Item(id: 100, name: "new", tags: []), at: 10) } // insert in the middle
        change { $0.append(Item(id: 101, name: "last", tags: ["x"])) } // insert at the end
        change { $0.insert(Item(id: 102, name: "first", tags: []), at: 0) } // insert at the start
        change { $0.remove(at: 5) } // remove in the middle
        change { $0.removeSubrange(20..<23) } // remove several
        change { $0.insert($0.remove(at: 2), at: 5) } // a move
        change { $0.swapAt(1, 38) } // two far apart
        change { $0[4].name = "a, [tricky] \"name\"\\"; $0[9].name = "ü/é" } // two replaced, escapes
        change { $0.removeLast(); $0[0].id = -1 } // replace and remove
        change { $0 = Array($0.reversed()) } // most changed: written whole
        change { $0.removeAll() } // emptied: written whole
        change { $0.append(Item(id: 1, name: "again", tags: [])) } // from empty: written whole
        let before = context.read(items)
        context.set(before, for: items) // equal: recomputed, not written
        context.set(false, for: ShowAllAtom()) // the view changes alone
        try recorder.close()

        let (states, steps, keyframes) = try replay(journal.url)
        let numbers = try Journal(url: journal.url).index.atoms.values.reduce(into: [String: Int]()) { $0[$1.id] = $1.number }
        let itemsNumber = try #require(numbers["ItemsAtom"])
        let visibleNumber = try #require(numbers["VisibleItemsAtom"])
        // The first step is the watch; each change is one step after it.
        for (offset, list) in expected.enumerated() {
            let state = states[1 + offset]
            #expect(state[itemsNumber] == .json(try wholeJSON(list)), "after change \(offset)")
            #expect(state[visibleNumber] == .json(try wholeJSON(list)), "view after change \(offset)")
        }
        let patchedSteps = steps.filter { !$0.patches.isEmpty }
        #expect(patchedSteps.count == 11)
        // The list and its view change alike; both are patched.
        #expect(patchedSteps.allSatisfy { Set($0.patches.map(\.atom)) == [itemsNumber, visibleNumber] })
        #expect(patchedSteps.allSatisfy { step in step.patches.allSatisfy { patch in
            step.updated.contains(JournalValueEntry(atom: patch.atom, value: JournalValuePatch.placeholder))
        } })
        // Setting an equal list is a recompute, with no value written.
        let equalStep = steps[steps.count - 2]
        #expect(equalStep.updated.isEmpty && equalStep.patches.isEmpty && equalStep.recomputed.contains(itemsNumber))
        let last = steps[steps.count - 1]
        let visibleJSON = JournalValue.json(try wholeJSON(before.filter { $0.tags.isEmpty }))
        #expect(states.last?[visibleNumber] == visibleJSON)
        // The one item left has no tags, so hiding tagged items leaves the view equal.
        #expect(last.recomputed.contains(visibleNumber) && last.patches.isEmpty)
        #expect(keyframes.count >= 4)
        // Keyframes hold whole values only.
        #expect(keyframes.allSatisfy { $0.atoms.allSatisfy { $0.value != JournalValuePatch.placeholder } })
    }

    @Test("One element changed in a long list costs that element, not the list")
    func oneEditIsSmall() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url)
        let context = root.context()
        _ = context.watch(ItemsAtom())
        // One call site, so that its location is defined by the warm-up edit.
        func rename(_ index: Int, _ name: String) {
            context.modify(ItemsAtom()) { $0[index].name = name }
        }
        rename(0, "warm up")
        let before = recorder.writer.bytesWritten
        rename(20, "edited")
        let written = recorder.writer.bytesWritten - before
        try recorder.close()
        let element = try wholeJSON(Item(id: 20, name: "edited", tags: ["even"])).utf8.count
        // The frame (17 bytes), the step's fields, the placeholder entry and the patch's own
        // fields, then the element.
        #expect(written <= 50 + element)
    }

    @Test("A list written as text, and a list of class instances, are written whole and read back true")
    func textAndClassListsAreNotPatched() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url)
        let context = root.context()
        _ = context.watch(NotJSONListAtom())
        _ = context.watch(BoxListAtom())
        context.modify(NotJSONListAtom()) { $0[5] = 99 }
        context.modify(BoxListAtom()) { $0[3] = Box("changed") }
        try recorder.close()
        let (states, steps, _) = try replay(journal.url)
        #expect(steps.allSatisfy { $0.patches.isEmpty })
        var numbers = [Double.nan] + (1...30).map(Double.init)
        numbers[5] = 99
        #expect(states.last?.values.contains(.text("\(numbers)")) == true, "\(String(describing: states.last?.values))")
        #expect(states.last?.values.contains { if case .json(let text) = $0 { text.contains("\"changed\"") } else { false } } == true)
    }

    @Test("A list of elements only JSONEncoder writes is patched with JSONEncoder's text of each changed element")
    func declinedElementsArePatchedByJSONEncoder() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url)
        let context = root.context()
        _ = context.watch(MeasuresAtom())
        context.modify(MeasuresAtom()) { $0[7] = 0.1 }
        context.modify(MeasuresAtom()) { $0.append(2.5e-7) }
        try recorder.close()
        let (states, steps, _) = try replay(journal.url)
        #expect(steps.filter { !$0.patches.isEmpty }.count == 2)
        var measures = (1...30).map { Double($0) / 4 }
        measures[7] = 0.1
        measures.append(2.5e-7)
        #expect(states.last?.values.contains(.json(try wholeJSON(measures))) == true)
    }

    @Test("Lists of elements that are not Equatable, and sensitive lists, are never patched")
    func notPatched() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url)
        let context = root.context()
        _ = context.watch(PlainListAtom())
        _ = context.watch(SecretListAtom())
        context.modify(PlainListAtom()) { $0[3].value = 99 }
        context.modify(SecretListAtom()) { $0[3] = "secret-list-changed" }
        try recorder.close()
        let (states, steps, _) = try replay(journal.url)
        #expect(steps.allSatisfy { $0.patches.isEmpty })
        var plain = (0..<20).map(Plain.init)
        plain[3].value = 99
        let plainJSON = JournalValue.json(try wholeJSON(plain))
        #expect(states.last?.values.contains(plainJSON) == true)
        let bytes = try journal.bytes()
        #expect(bytes.firstRange(of: Array("secret-list".utf8)) == nil)
    }
}
