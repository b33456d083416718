import AtomScopeKit
import Testing

@Suite("ValueDiff: structural differences with paths")
struct ValueDiffTests {
    private func lines(_ before: String, _ after: String, prefix: String = "") throws -> [String] {
        ValueDiff.changes(from: try JSONValue(parsing: before), to: try JSONValue(parsing: after)).map { $0.line(prefix: prefix) }
    }

    private let todos = #"{"filter":"all","todos":[{"id":1,"isCompleted":false,"text":"a"},{"id":2,"isCompleted":false,"text":"b"},{"id":3,"isCompleted":false,"text":"c"}]}"#

    @Test("a nested field")
    func nestedField() throws {
        let after = todos.replacingOccurrences(of: #""id":3,"isCompleted":false"#, with: #""id":3,"isCompleted":true"#)
        #expect(try lines(todos, after) == ["todos[2].isCompleted: false -> true"])
        #expect(try lines(todos, after, prefix: "AppAtom") == ["AppAtom.todos[2].isCompleted: false -> true"])
    }

    @Test("a top-level member")
    func member() throws {
        let after = todos.replacingOccurrences(of: #""filter":"all""#, with: #""filter":"completed""#)
        #expect(try lines(todos, after) == [#"filter: "all" -> "completed""#])
    }

    @Test("an element appended, removed from the middle, inserted at the start")
    func arrayElements() throws {
        let appended = todos.replacingOccurrences(of: "}]}", with: #"},{"id":4,"isCompleted":false,"text":"d"}]}"#)
        #expect(try lines(todos, appended) == [#"todos[3]: + {"id":4,"isCompleted":false,"text":"d"}"#])

        let removed = todos.replacingOccurrences(of: #"{"id":2,"isCompleted":false,"text":"b"},"#, with: "")
        #expect(try lines(todos, removed) == [#"todos[1]: - {"id":2,"isCompleted":false,"text":"b"}"#])

        #expect(try lines("[1,2,3]", "[0,1,2,3]") == ["[0]: + 0"])
        #expect(try lines("[1,2,3]", "[1,3]") == ["[1]: - 2"])
        #expect(try lines("[1,2,3]", "[1,5,3]") == ["[1]: 2 -> 5"])
        #expect(try lines("[1,2,3]", "[]") == ["[0]: - 1", "[1]: - 2", "[2]: - 3"])
        #expect(try lines("[]", "[[1]]") == ["[0]: + [1]"])
        #expect(try lines("[1,2,3,4]", "[1,9,8,4,7]") == ["[1]: 2 -> 9", "[2]: 3 -> 8", "[4]: + 7"])
    }

    @Test("nested arrays and objects")
    func nested() throws {
        #expect(try lines(#"{"a":{"b":[[1,2],[3]]}}"#, #"{"a":{"b":[[1,2],[3,4]]}}"#) == ["a.b[1][1]: + 4"])
        #expect(try lines(#"{"a":{"b":1}}"#, #"{"a":{"c":1}}"#) == ["a.b: - 1", "a.c: + 1"])
        #expect(try lines(#"{"a":{"b":1}}"#, #"{"a":[1]}"#) == [#"a: {"b":1} -> [1]"#])
        #expect(try lines(#"{"a b":1,"2x":1,"ok_1":1}"#, #"{"a b":2,"2x":2,"ok_1":2}"#) == [#"["2x"]: 1 -> 2"#, #"["a b"]: 1 -> 2"#, "ok_1: 1 -> 2"])
        #expect(try lines("1", "2") == ["1 -> 2"])
        #expect(try lines("null", "null").isEmpty)
        #expect(try lines(todos, todos).isEmpty)
    }

    @Test("paths, kinds and values are data")
    func changeModel() throws {
        let changes = ValueDiff.changes(from: try JSONValue(parsing: #"{"a":[1]}"#), to: try JSONValue(parsing: #"{"a":[1,2]}"#))
        #expect(changes == [ValueChange(path: ValuePath([.key("a"), .index(1)]), kind: .added, before: nil, after: .json(.number("2")))])
        #expect(changes[0].path.description == "a[1]")
        #expect(ValuePath.root.description(prefix: "Atom") == "Atom")
        #expect(ValuePath([.index(0)]) < ValuePath([.key("a")]))
    }

    @Test("display-only values are compared as text, redacted ones never show content")
    func otherValues() {
        #expect(ValueDiff.changes(from: .text("1 of 3"), to: .text("2 of 3")).map(\.description) == ["1 of 3 -> 2 of 3"])
        #expect(ValueDiff.changes(from: .text("same"), to: .text("same")).isEmpty)
        #expect(ValueDiff.changes(from: .redacted, to: .redacted).isEmpty)
        #expect(ValueDiff.changes(from: .redacted, to: .absent).map(\.description) == ["<redacted> -> <absent>"])
        #expect(ValueDiff.changes(from: .json(.number("1")), to: .text("one")).map(\.description) == ["1 -> one"])
        #expect(DiffValue.text("two\nlines").description == "two\\nlines")
    }

    @Test("large arrays fall back to comparing by index")
    func largeArrays() throws {
        let old = JSONValue.array((0..<1_000).map { .number(String($0)) })
        let new = JSONValue.array([.number("-1")] + (0..<999).map { .number(String($0 * 2)) } + [.number("x")])
        let changes = ValueDiff.changes(from: old, to: new)
        #expect(!changes.isEmpty)
        #expect(changes.allSatisfy { $0.path.components.count == 1 })
    }
}
