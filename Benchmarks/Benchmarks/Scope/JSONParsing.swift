// The reading side's hand-written JSON parser (`JSONValue(parsing:)`, used by diffs and value
// display) against Foundation's `JSONSerialization` on journal values: a list of 200 todos
// as the recorder writes it (about 13 KB), one todo (about 65 bytes) and an `Int`. Each
// sample parses every value 100 times with each parser, interleaved in the same iteration;
// both results are checked (the same element count, the same first todo's text), so neither
// side can skip work.

import AtomScopeKit
import Benchmark
import BenchmarkSupport
import Foundation

private let todoList: String = {
    let todos = (1...200).map { #"{"id":\#($0),"isCompleted":\#($0 % 3 == 0),"text":"Todo number \#($0): something to do"}"# }
    return "[" + todos.joined(separator: ",") + "]"
}()
private let oneTodo = #"{"id":7,"isCompleted":false,"text":"Edited todo 007, sample 1"}"#
private let number = "1234"
private let repeats = 100

/// Parses with the hand-written parser; returns the list's element count and the one
/// todo's text.
private func parseHandWritten() -> (Int, String) {
    var count = 0
    var text = ""
    for _ in 0..<repeats {
        guard case .array(let elements)? = try? JSONValue(parsing: todoList),
              case .object(let members)? = try? JSONValue(parsing: oneTodo),
              case .number? = try? JSONValue(parsing: number),
              case .string(let found)? = members.first(where: { $0.key == "text" })?.value else { fatalError("hand-written parse failed") }
        count = elements.count
        text = found
    }
    return (count, text)
}

private func parseFoundation() -> (Int, String) {
    var count = 0
    var text = ""
    for _ in 0..<repeats {
        guard let list = try? JSONSerialization.jsonObject(with: Data(todoList.utf8), options: [.fragmentsAllowed]) as? [Any],
              let todo = try? JSONSerialization.jsonObject(with: Data(oneTodo.utf8), options: [.fragmentsAllowed]) as? [String: Any],
              (try? JSONSerialization.jsonObject(with: Data(number.utf8), options: [.fragmentsAllowed])) is NSNumber,
              let found = todo["text"] as? String else { fatalError("Foundation parse failed") }
        count = list.count
        text = found
    }
    return (count, text)
}

func registerJSONParsing() {
    let handWritten = metric("handWritten")
    let foundation = metric("foundation")
    Benchmark(
        "scope.json-parse",
        configuration: benchmarkConfiguration([handWritten, foundation], warmup: 2, iterations: 20)
    ) { benchmark in
        var ours = (0, "")
        var theirs = (0, "")
        let oursTime = nanoseconds { ours = parseHandWritten() }
        let theirsTime = nanoseconds { theirs = parseFoundation() }
        check(ours == theirs && ours.0 == 200, "parsers disagree: \(ours) against \(theirs)")
        benchmark.measurement(handWritten, oursTime)
        benchmark.measurement(foundation, theirsTime)
    }
}
