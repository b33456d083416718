// The todo example's atoms (as in Sources/ExampleTodo/TodoAtoms.swift), re-created here for the
// todo benchmarks: recording on against off (TodoRecording.swift) and the bytes of one edit
// (TodoStepBytes.swift).

import Atoms

struct Todo: Hashable, Codable, Sendable {
    var id: Int
    var text: String
    var isCompleted: Bool
}

enum Filter: String, Hashable, Codable, Sendable {
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
