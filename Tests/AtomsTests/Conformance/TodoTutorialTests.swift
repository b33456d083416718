// Seed conformance: the "Basic Tutorial" (todo app) atoms.
//
// The views of the tutorial are replaced by view contexts taken from one `AtomRoot`:
// `TodoList` watches `FilteredTodosAtom`, `TodoCreator`/`TodoItem` write `TodosAtom`
// and `TodoFilters` writes `FilterAtom`, as the SwiftUI views do through `@WatchState`.

import Atoms
import Foundation
import Testing

@Suite("Seed conformance: todo tutorial")
@MainActor
struct TodoTutorialConformanceTests {
    // MARK: Seed declarations (shape as in the seed README)

    struct Todo {
        var id: UUID
        var text: String
        var isCompleted: Bool
    }

    enum Filter: CaseIterable, Hashable {
        case all, completed, uncompleted
    }

    struct TodosAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> [Todo] {
            []
        }
    }

    struct FilterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Filter {
            .all
        }
    }

    struct FilteredTodosAtom: ValueAtom, Hashable {
        func value(context: Context) -> [Todo] {
            let filter = context.watch(FilterAtom())
            let todos = context.watch(TodosAtom())

            switch filter {
            case .all:         return todos
            case .completed:   return todos.filter(\.isCompleted)
            case .uncompleted: return todos.filter { !$0.isCompleted }
            }
        }
    }

    // MARK: Harness

    /// What `TodoItem.index` computes in the seed.
    private func index(of todo: Todo, in allTodos: [Todo]) -> Int {
        allTodos.firstIndex { $0.id == todo.id }!
    }

    // MARK: Tests

    @Test("Default values: no todos, filter .all, all three filters in order")
    func defaults() {
        let context = AtomTestContext()

        #expect(context.watch(TodosAtom()).isEmpty)
        #expect(context.watch(FilterAtom()) == .all)
        #expect(context.watch(FilteredTodosAtom()).isEmpty)
        #expect(Filter.allCases == [.all, .completed, .uncompleted])
    }

    @Test("TodoCreator appends todos; the watching TodoList is notified and sees them in order")
    func creatorAppendsAndListIsNotified() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }

        let list = root.context()      // TodoList
        let creator = root.context()   // TodoCreator
        let listUpdates = ConformanceProbe()
        list.onUpdate = { listUpdates.hit() }

        #expect(list.watch(FilteredTodosAtom()).isEmpty)

        // `todos.append(...)` through `@WatchState` is a read-modify-write of TodosAtom.
        creator[TodosAtom()].append(Todo(id: UUID(), text: "Buy milk", isCompleted: false))
        #expect(listUpdates.count == 1)
        #expect(list.read(FilteredTodosAtom()).map(\.text) == ["Buy milk"])

        var todos = creator.read(TodosAtom())
        todos.append(Todo(id: UUID(), text: "Walk the dog", isCompleted: false))
        creator.set(todos, for: TodosAtom())
        #expect(listUpdates.count == 2)
        #expect(list.read(FilteredTodosAtom()).map(\.text) == ["Buy milk", "Walk the dog"])
        #expect(list.read(FilteredTodosAtom()).allSatisfy { !$0.isCompleted })
    }

    @Test("TodoItem toggles and edits an item; FilterAtom selects completed / uncompleted / all")
    func toggleEditAndFilter() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }

        let list = root.context()      // TodoList
        let item = root.context()      // TodoItem
        let filters = root.context()   // TodoFilters
        let listUpdates = ConformanceProbe()
        list.onUpdate = { listUpdates.hit() }

        let milk = Todo(id: UUID(), text: "Buy milk", isCompleted: false)
        let dog = Todo(id: UUID(), text: "Walk the dog", isCompleted: false)
        let mail = Todo(id: UUID(), text: "Answer mail", isCompleted: false)
        #expect(list.watch(FilteredTodosAtom()).isEmpty)
        item.set([milk, dog, mail], for: TodosAtom())
        #expect(listUpdates.count == 1)
        #expect(list.read(FilteredTodosAtom()).map(\.text) == ["Buy milk", "Walk the dog", "Answer mail"])

        // Toggle: `allTodos[index].isCompleted = isCompleted`.
        let dogIndex = index(of: dog, in: item.read(TodosAtom()))
        item[TodosAtom()][dogIndex].isCompleted = true
        #expect(listUpdates.count == 2)
        #expect(list.read(FilteredTodosAtom()).map(\.isCompleted) == [false, true, false])

        // Edit: `allTodos[index].text = text`.
        let mailIndex = index(of: mail, in: item.read(TodosAtom()))
        item[TodosAtom()][mailIndex].text = "Answer all mail"
        #expect(listUpdates.count == 3)

        // `$current` binding of the picker writes FilterAtom.
        filters.set(.completed, for: FilterAtom())
        #expect(listUpdates.count == 4)
        #expect(list.read(FilteredTodosAtom()).map(\.text) == ["Walk the dog"])
        #expect(list.read(FilteredTodosAtom()).map(\.id) == [dog.id])

        filters.set(.uncompleted, for: FilterAtom())
        #expect(listUpdates.count == 5)
        #expect(list.read(FilteredTodosAtom()).map(\.text) == ["Buy milk", "Answer all mail"])

        filters.set(.all, for: FilterAtom())
        #expect(listUpdates.count == 6)
        #expect(list.read(FilteredTodosAtom()).map(\.text) == ["Buy milk", "Walk the dog", "Answer all mail"])

        // Completing an item while filtering by .completed makes it appear (derived data updates reactively).
        filters.set(.completed, for: FilterAtom())
        let milkIndex = index(of: milk, in: item.read(TodosAtom()))
        item.modify(TodosAtom()) { todos in
            todos[milkIndex].isCompleted = true
        }
        #expect(listUpdates.count == 8)
        #expect(list.read(FilteredTodosAtom()).map(\.text) == ["Buy milk", "Walk the dog"])
    }

    @Test("The tutorial atoms work the same through AtomTestContext")
    func throughTestContext() {
        let context = AtomTestContext()
        let updates = ConformanceProbe()
        context.onUpdate = { updates.hit() }

        #expect(context.watch(FilteredTodosAtom()).isEmpty)

        let first = Todo(id: UUID(), text: "Write tests", isCompleted: true)
        let second = Todo(id: UUID(), text: "Ship", isCompleted: false)
        context[TodosAtom()].append(first)
        context[TodosAtom()].append(second)
        #expect(updates.count == 2)

        context[FilterAtom()] = .uncompleted
        #expect(updates.count == 3)
        #expect(context.watch(FilteredTodosAtom()).map(\.id) == [second.id])

        context[FilterAtom()] = .completed
        #expect(context.watch(FilteredTodosAtom()).map(\.id) == [first.id])

        // Resetting the source state resets the derived data.
        context.reset(TodosAtom())
        #expect(context.watch(FilteredTodosAtom()).isEmpty)
        #expect(context.read(FilterAtom()) == .completed)
    }

    @Test("Derived data is cached while watched and released with its dependencies when unwatched")
    func cachedWhileWatchedReleasedAfter() {
        let context = AtomTestContext()

        context.watch(FilteredTodosAtom())
        context[TodosAtom()].append(Todo(id: UUID(), text: "One", isCompleted: false))

        // Still watched: everything is cached.
        #expect(context.lookup(FilteredTodosAtom())?.map(\.text) == ["One"])
        #expect(context.lookup(TodosAtom())?.count == 1)
        #expect(context.lookup(FilterAtom()) == .all)

        // The list goes away: nothing uses the three atoms any more.
        context.unwatch(FilteredTodosAtom())
        #expect(context.lookup(FilteredTodosAtom()) == nil)
        #expect(context.lookup(TodosAtom()) == nil)
        #expect(context.lookup(FilterAtom()) == nil)

        // Watching again starts from the defaults.
        #expect(context.watch(FilteredTodosAtom()).isEmpty)
    }
}
