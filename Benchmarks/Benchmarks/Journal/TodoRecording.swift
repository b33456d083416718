// Recording on vs off on the todo example's workload: the todo atoms of Sources/ExampleTodo,
// re-created here, and a scripted session — add 50 todos one by one, toggle, filter, edit,
// delete — with one AtomViewContext watching the filtered list and one watching the stats.
//
// One benchmark iteration runs the session twice in fresh stores, once without a recorder
// ("off") and once with a JournalRecorder attached ("on", the default flush policy `.writeEachCommit`,
// journal in a temporary directory), alternating which goes first. Creating and closing the recorder
// (file creation, first keyframe, the fsync at close) happens outside the measured region:
// what is measured is the session's commits, as an app that records all along pays for them.

import AtomJournal
import Atoms
import Benchmark
import BenchmarkSupport
import Foundation

// MARK: session (as in Sources/ExampleTodo/TodoSession.swift)

@MainActor
private struct TodoSession {
    let context: AtomViewContext
    private var nextID = 1

    init(context: AtomViewContext) {
        self.context = context
    }

    mutating func add(_ text: String) {
        let todo = Todo(id: nextID, text: text, isCompleted: false)
        nextID += 1
        context.batch("add todo") {
            context[TodosAtom()].append(todo)
        }
    }

    func toggle(_ id: Int) {
        context.modify(TodosAtom()) { todos in
            if let index = todos.firstIndex(where: { $0.id == id }) {
                todos[index].isCompleted.toggle()
            }
        }
    }

    func edit(_ id: Int, text: String) {
        context.modify(TodosAtom()) { todos in
            if let index = todos.firstIndex(where: { $0.id == id }) {
                todos[index].text = text
            }
        }
    }

    func delete(_ id: Int) {
        context.modify(TodosAtom()) { todos in
            todos.removeAll { $0.id == id }
        }
    }

    func filter(_ filter: Filter) {
        context.set(filter, for: FilterAtom())
    }
}

private let todoCount = 50
private let toggled = Array(stride(from: 1, through: todoCount, by: 3)) // 17 todos
private let edited = Array(stride(from: 2, through: 20, by: 2)) // 10 todos
private let deleted = Array(41...50) // 10 todos
private let addTexts = (1...todoCount).map { "Todo number \($0): something to do" }
private let editTexts = edited.map { "Edited todo \($0), with a longer text than before" }

/// Transactions of one session: two first watches, the adds, toggles, three filter
/// changes, edits and deletes. Each is one commit, so one step in a journal.
private let sessionCommits = 2 + todoCount + toggled.count + 3 + edited.count + deleted.count

/// The expected notifications. A plain value atom propagates every recomputation (only the
/// `changes` modifier compares values), so the list hears of every commit that writes the
/// todos or the filter, and the stats of every commit that writes the todos.
private let expectedListUpdates = todoCount + toggled.count + 3 + edited.count + deleted.count
private let expectedStatsUpdates = todoCount + toggled.count + edited.count + deleted.count
private let expectedDone = toggled.filter { !deleted.contains($0) }.count
private let expectedRemaining = todoCount - deleted.count

@MainActor
private final class Watcher {
    let context: AtomViewContext
    var updates = 0

    init(_ root: AtomRoot) {
        context = root.context()
        context.onUpdate = { [unowned self] in
            self.updates += 1
        }
    }
}

/// The measured part: the subscribers watch, then the scripted session runs.
@MainActor
private func runTodoSession(_ root: AtomRoot, _ list: Watcher, _ header: Watcher) {
    list.context.watch(FilteredTodosAtom())
    header.context.watch(StatsAtom())
    var session = TodoSession(context: list.context)
    for index in 0..<todoCount {
        session.add(addTexts[index])
    }
    for id in toggled {
        session.toggle(id)
    }
    session.filter(.completed)
    session.filter(.uncompleted)
    for (index, id) in edited.enumerated() {
        session.edit(id, text: editTexts[index])
    }
    session.filter(.all)
    for id in deleted {
        session.delete(id)
    }
}

@MainActor
private func checkTodoOutcome(_ name: String, _ list: Watcher, _ header: Watcher) {
    let todos = list.context.read(FilteredTodosAtom())
    let stats = header.context.read(StatsAtom())
    check(todos.count == expectedRemaining, "\(name): \(todos.count) todos listed, expected \(expectedRemaining)")
    check(todos.map(\.id) == Array(1...40), "\(name): wrong todos listed \(todos.map(\.id))")
    check(todos.filter(\.isCompleted).count == expectedDone, "\(name): \(todos.filter(\.isCompleted).count) done")
    check(todos[1].text == editTexts[0], "\(name): todo 2 reads '\(todos[1].text)'")
    check(stats == "\(expectedDone)/\(expectedRemaining) done", "\(name): stats '\(stats)'")
    check(list.updates == expectedListUpdates, "\(name): list updated \(list.updates) times, expected \(expectedListUpdates)")
    check(header.updates == expectedStatsUpdates, "\(name): stats updated \(header.updates) times, expected \(expectedStatsUpdates)")
}

/// One session without a recorder; returns its nanoseconds.
@MainActor
private func todoOff() -> Int {
    let root = AtomRoot()
    let list = Watcher(root)
    let header = Watcher(root)
    let elapsed = nanoseconds { runTodoSession(root, list, header) }
    checkTodoOutcome("todo off", list, header)
    return elapsed
}

/// One session with a recorder attached from the start; returns its nanoseconds.
@MainActor
private func todoOn(directory: URL, run: Int) -> Int {
    let url = directory.appending(path: "todo-\(run).journal")
    let root = AtomRoot()
    // The default policy: each commit's records reach the kernel before the commit returns.
    let recorder = must("creating the recorder") { () throws(JournalError) in
        try JournalRecorder(root: root, url: url)
    }
    let list = Watcher(root)
    let header = Watcher(root)
    let elapsed = nanoseconds { runTodoSession(root, list, header) }
    checkTodoOutcome("todo on", list, header)
    check(recorder.lastError == nil, "todo on: recorder error \(String(describing: recorder.lastError))")
    check(recorder.isRecording, "todo on: recording stopped")
    check(recorder.stepsWritten == sessionCommits, "todo on: \(recorder.stepsWritten) steps, expected \(sessionCommits)")
    must("closing the journal") { () throws(JournalError) in try recorder.close() }
    if run == 0 {
        // The journal reads back with every step, the final list in the last step's values.
        let journal = must("opening \(url.path)") { () throws(JournalError) in try Journal(url: url) }
        check(journal.stepCount == sessionCommits, "todo on: journal has \(journal.stepCount) steps")
        check(journal.index.ending == .closed, "todo on: journal ends \(journal.index.ending)")
        let last = must("decoding the last step") { () throws(JournalError) in try journal.step(at: sessionCommits - 1) }
        check(last.operation == "modify" && !last.updated.isEmpty, "todo on: last step \(last)")
    }
    withExtendedLifetime((list, header)) {}
    try? FileManager.default.removeItem(at: url)
    return elapsed
}

@MainActor
private enum TodoState {
    static var directory: URL?
    static var runs = 0
}

func registerTodoRecording() {
    let off = metric("off")
    let on = metric("on")
    Benchmark(
        "journal.recording.todo",
        configuration: benchmarkConfiguration(
            [off, on], warmup: 3, iterations: 40,
            setup: { await MainActor.run { TodoState.directory = TemporaryDirectory.make("todo") } },
            teardown: {
                await MainActor.run {
                    if let directory = TodoState.directory { TemporaryDirectory.remove(directory) }
                    TodoState.directory = nil
                }
            }
        )
    ) { benchmark in
        let (offTime, onTime) = await MainActor.run {
            let run = TodoState.runs
            TodoState.runs += 1
            guard let directory = TodoState.directory else { fatalError("no temporary directory") }
            // Alternate which goes first, so neither always runs on a warmer cache.
            if run % 2 == 0 {
                let offTime = todoOff()
                return (offTime, todoOn(directory: directory, run: run))
            } else {
                let onTime = todoOn(directory: directory, run: run)
                return (todoOff(), onTime)
            }
        }
        benchmark.measurement(off, offTime)
        benchmark.measurement(on, onTime)
    }
}
