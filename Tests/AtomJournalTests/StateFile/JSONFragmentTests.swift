import AtomJournal
import Testing

@Suite("JSON fragment")
struct JSONFragmentTests {
    @Test func layoutAndKeyOrderDoNotMatter() throws {
        let spaced = try JSONFragment(jsonText: #" { "b" : [1, 2.5, null],  "a" : {"y": true, "x": "s/t"} } "#)
        let compact = try JSONFragment(jsonText: #"{"a":{"x":"s/t","y":true},"b":[1,2.5,null]}"#)
        #expect(spaced == compact)
        #expect(spaced.jsonText == #"{"a":{"x":"s/t","y":true},"b":[1,2.5,null]}"#)
    }

    @Test func anyJSONValueIsAFragment() throws {
        for text in ["3", "-7", "0.1", "true", "null", #""text""#, "[]", "{}"] {
            #expect(try JSONFragment(jsonText: text).jsonText == text)
        }
    }

    @Test func extremeIntegersSurviveExactly() throws {
        let fragment = try JSONFragment(jsonText: "[9223372036854775807, 18446744073709551615, -9223372036854775808]")
        #expect(fragment.jsonText == "[9223372036854775807,18446744073709551615,-9223372036854775808]")
        #expect(try fragment.decode([Double].self).count == 3)
        #expect(try JSONFragment(encoding: UInt64.max).decode(UInt64.self) == UInt64.max)
        #expect(try JSONFragment(encoding: Int64.min).decode(Int64.self) == Int64.min)
    }

    @Test func encodesAndDecodesLikeTheRecorder() throws {
        let todo = Todo(title: "Milk", isDone: false)
        let fragment = try JSONFragment(encoding: todo)
        #expect(fragment.jsonText == #"{"isDone":false,"title":"Milk"}"#)
        #expect(try fragment.decode(Todo.self) == todo)
    }

    @Test func aNumberThatDoesNotFitIsNotCalledInvalidJSON() throws {
        #expect {
            try JSONFragment(jsonText: "[1.5]").decode([Int].self)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return !context.debugDescription.contains("not valid JSON")
        }
    }

    @Test(arguments: ["", "{", "1 2", "nope", "[1] x"])
    func textThatIsNotOneJSONValueIsRefused(_ text: String) {
        #expect {
            try JSONFragment(jsonText: text)
        } throws: { error in
            guard case AtomStateFileError.invalidJSONValue = error else { return false }
            return true
        }
    }

    @Test func aValueWithNoJSONFormCannotBeEncoded() {
        #expect(throws: EncodingError.self) {
            try JSONFragment(encoding: Double.nan)
        }
    }
}
