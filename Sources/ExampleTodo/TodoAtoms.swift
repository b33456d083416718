import Atoms

/// One item of the todo list.
struct Todo: Hashable, Codable, Sendable {
    var id: Int
    var text: String
    var isCompleted: Bool
}

/// Which todos the list shows.
enum Filter: String, CaseIterable, Hashable, Codable, Sendable {
    case all, completed, uncompleted
}

struct TodosAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Todo] { [] }
}

struct FilterAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Filter { .all }
}

struct FilteredTodosAtom: ValueAtom, Hashable {
    func value(context: Context) -> [Todo] {
        let filter = context.watch(FilterAtom())
        let todos = context.watch(TodosAtom())
        switch filter {
        case .all: return todos
        case .completed: return todos.filter(\.isCompleted)
        case .uncompleted: return todos.filter { !$0.isCompleted }
        }
    }
}

struct StatsAtom: ValueAtom, Hashable {
    func value(context: Context) -> String {
        let todos = context.watch(TodosAtom())
        let done = todos.filter(\.isCompleted).count
        return "\(done)/\(todos.count) done"
    }
}

/// The session token the app receives when it signs in. `Sensitive`: a journal shows that
/// it changed, never what it is. `KeepAlive`: nothing watches it, yet it must stay set.
struct SessionTokenAtom: StateAtom, Sensitive, KeepAlive, Hashable {
    func defaultValue(context: Context) -> String { "" }
}

/// How far along the list is, for a progress bar. Deliberately not `Codable`: a journal
/// records it as its description, display-only, and a restore skips it.
struct TodoProgress: Hashable, Sendable, CustomStringConvertible {
    var completed: Int
    var total: Int

    var description: String {
        let percent = total == 0 ? 0 : completed * 100 / total
        return "\(completed) of \(total) (\(percent)%)"
    }
}

struct ProgressAtom: ValueAtom, Hashable {
    func value(context: Context) -> TodoProgress {
        let todos = context.watch(TodosAtom())
        return TodoProgress(completed: todos.filter(\.isCompleted).count, total: todos.count)
    }
}
