// Bytes per step when one todo is edited in a list of 200: `recorder.writer.bytesWritten`
// around one `modify` of the todos, in a warmed-up store shaped like the todo example (the
// todos, the filter, the filtered list and the stats, one subscriber on the filtered list and
// one on the stats; filter `.all`, so the filtered list changes with the todos).
//
// The edit changes one todo's text to another of the same length, so every measured step
// changes the same number of bytes; the figure reported beside the step is the edited todo's
// own JSON, which any step that records the edit has to hold.

import AtomJournal
import Atoms
import Benchmark
import BenchmarkSupport
import Foundation

private let listSize = 200
private let samples = 32

/// One `modify` from one source line, so that its location is defined once.
@MainActor
private func editTodo(_ context: AtomViewContext, id: Int, text: String) {
    context.modify(TodosAtom()) { todos in
        if let index = todos.firstIndex(where: { $0.id == id }) {
            todos[index].text = text
        }
    }
}

@MainActor
private func measureTodoEditBytes() -> (step: Int, todo: Int) {
    let directory = TemporaryDirectory.make("todo-step-bytes")
    defer { TemporaryDirectory.remove(directory) }
    let url = directory.appending(path: "todo-bytes.journal")
    let root = AtomRoot()
    let recorder = must("creating the recorder") { () throws(JournalError) in
        try JournalRecorder(root: root, url: url)
    }
    let list = root.context()
    let header = root.context()
    _ = list.watch(FilteredTodosAtom())
    _ = header.watch(StatsAtom())
    list.set((1...listSize).map { Todo(id: $0, text: "Todo number \($0): something to do", isCompleted: $0 % 3 == 0) }, for: TodosAtom())
    // Warm up: the first edit defines the location; later ones are plain steps.
    editTodo(list, id: 1, text: "Warm-up edit 0")
    var sizes: [Int] = []
    var edited = Todo(id: 0, text: "", isCompleted: false)
    for index in 0..<samples {
        let id = 1 + (index * 37) % listSize
        let text = "Edited todo \(String(id).padding(toLength: 3, withPad: "0", startingAt: 0)), sample \(index % 10)"
        let steps = recorder.stepsWritten
        let before = recorder.writer.bytesWritten
        editTodo(list, id: id, text: text)
        let after = recorder.writer.bytesWritten
        check(recorder.stepsWritten == steps + 1, "one edit wrote \(recorder.stepsWritten - steps) steps")
        check(recorder.stepsWritten % recorder.options.keyframeInterval != 0, "a keyframe fell on a measured step")
        sizes.append(after - before)
        edited = list.read(TodosAtom())[id - 1]
        check(edited.text == text, "todo \(id) reads '\(edited.text)'")
    }
    check(recorder.lastError == nil, "recorder error \(String(describing: recorder.lastError))")
    must("closing the journal") { () throws(JournalError) in try recorder.close() }
    let todoBytes = must("encoding a todo") { try JSONEncoder().encode(edited).count }
    withExtendedLifetime((list, header)) {}
    return (sizes.min() ?? -1, todoBytes)
}

func registerTodoStepBytes() {
    let bytes = metric("bytes")
    let todo = metric("todoBytes")
    Benchmark(
        "journal.step-bytes.todo-edit",
        configuration: benchmarkConfiguration([bytes, todo], warmup: 0, iterations: 1)
    ) { benchmark in
        let sizes = await MainActor.run { measureTodoEditBytes() }
        print("journal.step-bytes.todo-edit: one todo edited in a list of \(listSize) = \(sizes.step) bytes per step (the todo's JSON: \(sizes.todo) bytes)")
        benchmark.measurement(bytes, sizes.step)
        benchmark.measurement(todo, sizes.todo)
    }
}
