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
