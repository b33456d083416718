// The todo workload of Benchmarks/Benchmarks/Journal/TodoRecording.swift as a fixed program, to
// count with callgrind what recording adds per commit on a list of todos
// (scripts/recorder-hot-path todo): SESSIONS sessions, each in a fresh store, each 92 commits
// (50 adds, 17 toggles, 3 filter changes, 10 edits, 10 deletes, two first watches; the journal
// holds 94 steps with its first keyframe and the final read), with a recorder under the
// default policy (`on`) or without (`off`).
//
// Usage: TodoHotPath on|off SESSIONS [DIRECTORY]
//
// The atoms are the benchmark's own (TodoAtoms.swift is a link to Benchmarks/Benchmarks/Journal).

import AtomJournal
import Atoms
import Foundation

/// One session: the same script as the benchmark's, ending with 40 todos listed.
@MainActor
func session(_ root: AtomRoot) -> Bool {
    let list = root.context()
    let header = root.context()
    _ = list.watch(FilteredTodosAtom())
    _ = header.watch(StatsAtom())
    for id in 1...50 {
        let todo = Todo(id: id, text: "Todo number \(id): something to do", isCompleted: false)
        list.batch("add todo") { list[TodosAtom()].append(todo) }
    }
    for id in stride(from: 1, through: 50, by: 3) {
        list.modify(TodosAtom()) { todos in
            if let index = todos.firstIndex(where: { $0.id == id }) { todos[index].isCompleted.toggle() }
        }
    }
    list.set(.completed, for: FilterAtom())
    list.set(.uncompleted, for: FilterAtom())
    for id in stride(from: 2, through: 20, by: 2) {
        list.modify(TodosAtom()) { todos in
            if let index = todos.firstIndex(where: { $0.id == id }) { todos[index].text = "Edited todo \(id), with a longer text than before" }
        }
    }
    list.set(.all, for: FilterAtom())
    for id in 41...50 {
        list.modify(TodosAtom()) { todos in todos.removeAll { $0.id == id } }
    }
    return list.read(FilteredTodosAtom()).map(\.id) == Array(1...40)
}

@MainActor
func run(_ arguments: [String]) -> Int32 {
    guard arguments.count >= 3, ["on", "off"].contains(arguments[1]), let sessions = Int(arguments[2]), sessions >= 0 else {
        FileHandle.standardError.write(Data("usage: TodoHotPath on|off SESSIONS [DIRECTORY]\n".utf8))
        return 2
    }
    let directory = arguments.count > 3 ? arguments[3] : NSTemporaryDirectory()
    for index in 0..<sessions {
        let root = AtomRoot()
        var recorder: JournalRecorder?
        if arguments[1] == "on" {
            let url = URL(filePath: directory).appending(path: "todo-hot-path-\(getpid())-\(index).journal")
            do {
                recorder = try JournalRecorder(root: root, url: url, options: JournalRecorderOptions(replaceExisting: true))
            } catch {
                FileHandle.standardError.write(Data("TodoHotPath: \(error)\n".utf8))
                return 1
            }
        }
        guard session(root) else {
            FileHandle.standardError.write(Data("TodoHotPath: wrong todos after session \(index)\n".utf8))
            return 1
        }
        if let recorder {
            let steps = recorder.stepsWritten
            do {
                try recorder.close()
                try? FileManager.default.removeItem(atPath: recorder.writer.path)
            } catch {
                FileHandle.standardError.write(Data("TodoHotPath: \(error)\n".utf8))
                return 1
            }
            guard steps == 94 else {
                FileHandle.standardError.write(Data("TodoHotPath: \(steps) steps written, expected 94\n".utf8))
                return 1
            }
        }
    }
    print("TodoHotPath: \(arguments[1]), \(sessions) sessions, values checked")
    return 0
}

exit(MainActor.assumeIsolated { run(CommandLine.arguments) })
