import Atoms
import Testing

@MainActor
@Suite("graphDescription")
struct GraphDescriptionTests {
    struct Filter: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Todos: StateAtom, Hashable {
        func defaultValue(context: Context) -> [Int] { [] }
    }

    struct Filtered: ValueAtom, Hashable {
        func value(context: Context) -> [Int] {
            let filter = context.watch(Filter())
            return context.watch(Todos()).filter { $0 > filter }
        }
    }

    struct Named: StateAtom, Hashable {
        let name: String
        func defaultValue(context: Context) -> Int { 0 }
    }

    @Test func describesTheGraphDeterministicallyWithSubscribersByLocation() {
        let root = AtomRoot()
        let list = root.context()
        let picker = root.context()
        let listLine = #line + 1
        list.watch(Filtered())
        let pickerLine = #line + 1
        picker.watch(Filter())
        let file = #fileID
        let expected = """
            digraph {
              node [shape=box]
              "Filter"
              "Filter" -> "Filtered"
              "Filter" -> "\(file):\(pickerLine)"
              "Filtered"
              "Filtered" -> "\(file):\(listLine)"
              "Todos"
              "Todos" -> "Filtered"
              "\(file):\(listLine)" [style=filled]
              "\(file):\(pickerLine)" [style=filled]
            }
            """
        #expect(list.snapshot().graphDescription() == expected)
    }

    @Test func hostileNamesCannotBreakOrInjectIntoTheDOT() {
        let context = AtomTestContext()
        let hostile = [
            "a\"; node [shape=circle]; \"b",
            "back\\slash\\",
            "new\nline",
            "<script>alert(1)</script>",
            "x onload=alert(1)",
            "digraph",
            "bell\u{07}tab\t&amp;",
        ]
        for name in hostile {
            context.watch(Named(name: name))
        }
        let dot = context.snapshot().graphDescription()
        let lines = dot.split(separator: "\n", omittingEmptySubsequences: false)
        // Header and node default, then per atom its statement and its subscriber edge,
        // then the subscriber, then the closing brace: one line each, nothing spilled over.
        #expect(lines.count == 2 + hostile.count * 2 + 1 + 1)
        #expect(lines.first == "digraph {")
        #expect(lines.last == "}")
        for line in lines.dropFirst(2).dropLast() {
            #expect(isStatement(line.trimmingPrefix("  ")), "\(line)")
        }
        #expect(!dot.contains("\u{07}"))
        #expect(!dot.contains("\t"))
    }

    /// Whether the text is `"id"`, `"id" -> "id"` or `"id" [style=filled]`, with every id a
    /// single well-formed quoted string.
    private func isStatement(_ text: Substring) -> Bool {
        guard let (first, rest) = quotedID(text) else { return false }
        _ = first
        if rest.isEmpty || rest == " [style=filled]" { return true }
        guard rest.hasPrefix(" -> "), let (_, tail) = quotedID(rest.dropFirst(4)) else { return false }
        return tail.isEmpty
    }

    /// Splits one DOT double-quoted string off the front of the text.
    private func quotedID(_ text: Substring) -> (Substring, Substring)? {
        guard text.first == "\"" else { return nil }
        var escaped = false
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\n" {
                return nil
            } else if character == "\"" {
                let end = text.index(after: index)
                return (text[text.startIndex..<end], text[end...])
            }
            index = text.index(after: index)
        }
        return nil
    }
}
