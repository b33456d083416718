import AtomScopeKit
import Foundation
import Testing

@Suite("JSONValue: parsing and printing")
struct JSONValueTests {
    @Test("parses every kind of value")
    func parsesValues() throws {
        let value = try JSONValue(parsing: #" {"b": [1, -2.5e3, true, false, null], "a": "x\"y\\z\u00e9\ud83d\ude00\n/", "c": {}} "#)
        #expect(value == .object([
            "a": .string("x\"y\\zé😀\n/"),
            "b": .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]),
            "c": .object([]),
        ]))
        #expect(value["b"]?[1] == .number("-2.5e3"))
        #expect(value["a"] == .string("x\"y\\zé😀\n/"))
        #expect(value["missing"] == nil)
        #expect(value["b"]?[9] == nil)
        #expect(try JSONValue(parsing: "0") == .number("0"))
        #expect(try JSONValue(parsing: "\"\"") == .string(""))
        #expect(try JSONValue(parsing: "[]") == .array([]))
    }

    @Test("numbers keep their text, so big integers stay exact")
    func numbersKeepTheirText() throws {
        let big = "123456789012345678901234567890"
        #expect(try JSONValue(parsing: big) == .number(big))
        #expect(try JSONValue(parsing: "[18446744073709551615]").description == "[18446744073709551615]")
        let encoded = try JSONEncoder().encode(JSONValue.number("9223372036854775807"))
        #expect(String(decoding: encoded, as: UTF8.self) == "9223372036854775807")
    }

    @Test("objects are sorted by key, the last of a repeated key wins")
    func objectsAreSorted() throws {
        let value = try JSONValue(parsing: #"{"z": 1, "a": 2, "m": 3, "a": 4}"#)
        #expect(value.description == #"{"a":4,"m":3,"z":1}"#)
    }

    @Test("rejects what is not JSON", arguments: [
        "", " ", "[1,]", "{\"a\":1,}", "01", "-", "1.", ".5", "1e", "+1", "[1 2]", "{\"a\" 1}", "{a:1}",
        "'x'", "\"unterminated", "\"bad \\x escape\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\u12\"", "tru", "nul",
        "[", "{", "]", "1 2", "\"tab\there\"", "NaN", "Infinity", "/* c */ 1",
    ])
    func rejects(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test("deep nesting is an error, not a crash")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
        let fine = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect((try? JSONValue(parsing: fine)) != nil)
    }

    @Test("errors say where")
    func errorOffset() {
        do {
            _ = try JSONValue(parsing: "[1, 2,, 3]")
            Issue.record("parsed")
        } catch {
            #expect(error.offset == 6)
            #expect(error.description.hasPrefix("invalid JSON at byte 6"))
        }
    }

    @Test("printing and parsing round-trip, and match JSONEncoder's form")
    func roundTrip() throws {
        struct Todo: Codable { var id: Int; var text: String; var isCompleted: Bool; var tags: [String]; var score: Double? }
        let todos = [
            Todo(id: 1, text: "Buy \"milk\" / eggs\n\t\u{1}", isCompleted: false, tags: ["a", "ü"], score: 0.25),
            Todo(id: 2, text: "", isCompleted: true, tags: [], score: nil),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(todos), as: UTF8.self)
        let value = try JSONValue(parsing: text)
        #expect(value.description == text)
        #expect(try JSONValue(parsing: value.description) == value)
        // Encoding the value gives JSON that parses back to it.
        let reencoded = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(try JSONValue(parsing: reencoded) == value)
    }

    @Test("no input crashes the parser")
    func fuzz() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array(#"{}[]",:0123456789-+.eE\/"truefalsnul btnrfu \#u{0}"#.unicodeScalars) + ["é", "😀", "\u{FFFD}"]
        let seeds = [#"{"a":[1,2,{"b":null}],"c":"d\u0041"}"#, "[true,false,-0.5e-3]", #""x\"y""#]
        for round in 0..<3_000 {
            var text: String
            if round.isMultiple(of: 2) {
                let length = Int.random(in: 0...40, using: &generator)
                text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
            } else {
                var scalars = Array(seeds.randomElement(using: &generator)!.unicodeScalars)
                for _ in 0..<Int.random(in: 1...4, using: &generator) where !scalars.isEmpty {
                    let position = Int.random(in: 0..<scalars.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: scalars.remove(at: position)
                    case 1: scalars.insert(alphabet.randomElement(using: &generator)!, at: position)
                    default: scalars[position] = alphabet.randomElement(using: &generator)!
                    }
                }
                text = String(String.UnicodeScalarView(scalars))
            }
            if let value = try? JSONValue(parsing: text) {
                // Whatever parses prints as JSON that parses to the same value.
                #expect((try? JSONValue(parsing: value.description)) == value, "\(text)")
            }
        }
    }

    @Test("summaries and cut descriptions stay short")
    func shortForms() throws {
        let value = try JSONValue(parsing: #"{"a":[1,2,3],"b":"long text here"}"#)
        #expect(value.summary == "{2 keys}")
        #expect(value["a"]?.summary == "[3 items]")
        #expect(JSONValue.string("x").summary == "\"x\"")
        #expect(value.description(maximumLength: 10) == #"{"a":[1,2…"#)
        #expect(value.description(maximumLength: 100) == value.description)
    }
}
