import Atoms

/// The user actions of a scripted session, each one transaction and so one commit.
@MainActor
struct TodoSession {
    let context: AtomViewContext
    private var nextID = 1

    init(context: AtomViewContext) {
        self.context = context
    }

    func signIn(token: String) {
        context.set(token, for: SessionTokenAtom())
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
