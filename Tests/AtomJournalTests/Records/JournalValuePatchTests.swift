@testable import AtomJournal
import Testing

@Suite("Records: applying a value patch")
struct JournalValuePatchTests {
    private func apply(_ edits: [JournalArrayEdit], to text: String) throws -> JournalValue {
        try JournalValuePatch(atom: 1, edits: edits).apply(to: .json(text))
    }

    @Test("Replace, insert and remove apply in order, each index counting after the edits before it")
    func editsApplyInOrder() throws {
        #expect(try apply([.replace(index: 1, json: "20")], to: "[1,2,3]") == .json("[1,20,3]"))
        #expect(try apply([.insert(index: 0, json: "0")], to: "[1,2,3]") == .json("[0,1,2,3]"))
        #expect(try apply([.insert(index: 3, json: "4")], to: "[1,2,3]") == .json("[1,2,3,4]"))
        #expect(try apply([.remove(index: 1, count: 2)], to: "[1,2,3]") == .json("[1]"))
        #expect(try apply([.remove(index: 0, count: 3)], to: "[1,2,3]") == .json("[]"))
        #expect(try apply([.insert(index: 0, json: "\"a\"")], to: "[]") == .json("[\"a\"]"))
        #expect(try apply([.insert(index: 0, json: "9"), .remove(index: 1, count: 1), .replace(index: 2, json: "8")], to: "[1,2,3]")
            == .json("[9,2,8]"))
        #expect(try apply([], to: "[1,2]") == .json("[1,2]"))
    }

    @Test("Elements are found whatever they hold: nested arrays and objects, brackets and commas in strings, escapes")
    func elementsAreFoundWhateverTheyHold() throws {
        let text = #"[{"a":[1,{"b":"]"}],"c":"x,y"},"say \"[hi]\"\\",[[],[[]]],null,-1.5e3,true]"#
        #expect(try apply([.replace(index: 0, json: "0")], to: text) == .json(#"[0,"say \"[hi]\"\\",[[],[[]]],null,-1.5e3,true]"#))
        #expect(try apply([.remove(index: 1, count: 4)], to: text) == .json(#"[{"a":[1,{"b":"]"}],"c":"x,y"},true]"#))
        // Whitespace around tokens is accepted and not kept: the result is compact.
        #expect(try apply([.replace(index: 1, json: "5")], to: " [ 1 , 2 ,\n3 ] ") == .json("[1,5,3]"))
    }

    @Test("A value that is not one JSON array, or an edit outside it, is an error, never a crash",
          arguments: ["", "1", "{}", "[", "[1,", "[1,]", "[,1]", "[1]]", "[1] x", "[\"]", "[{]", "[}]", "[1 2"])
    func notAnArray(_ text: String) {
        #expect(throws: JournalPatchError.self) { try apply([.remove(index: 0, count: 0)], to: text) }
    }

    @Test func editsOutsideTheArrayAreErrors() {
        #expect(throws: JournalPatchError.self) { try apply([.replace(index: 3, json: "0")], to: "[1,2,3]") }
        #expect(throws: JournalPatchError.self) { try apply([.insert(index: 4, json: "0")], to: "[1,2,3]") }
        #expect(throws: JournalPatchError.self) { try apply([.remove(index: 2, count: 2)], to: "[1,2,3]") }
        #expect(throws: JournalPatchError.self) { try apply([.remove(index: 1, count: Int.max)], to: "[1,2,3]") }
        #expect(throws: JournalPatchError.self) { try JournalValuePatch(atom: 1, edits: []).apply(to: .text("[1]")) }
        #expect(throws: JournalPatchError.self) { try JournalValuePatch(atom: 1, edits: []).apply(to: .absent) }
    }

    @Test("Any bytes split into elements or fail, in one pass")
    func randomBytesNeverCrash() {
        var generator = FormatSeededRandom(seed: 15)
        let alphabet = Array("[]{},\"\\ 1a".utf8)
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 24)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            if let ranges = JSONArrayElements.ranges(in: bytes) {
                for range in ranges {
                    #expect(range.lowerBound >= 0 && range.upperBound <= bytes.count && !range.isEmpty)
                }
            }
        }
    }
}
