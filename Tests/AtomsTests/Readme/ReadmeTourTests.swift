import Atoms
import Testing

// The README's "short tour of Atoms", kept here so that it always compiles and does what the
// README says. Edit both together.

struct Todo: Hashable, Sendable {
    var text: String
    var isCompleted = false
}

enum Filter: Hashable, Sendable {
    case all, completed, uncompleted
}

protocol APIClient: Sendable {}
struct LiveAPIClient: APIClient {}
struct StubAPIClient: APIClient {}

struct APIClientAtom: ValueAtom, Hashable {
    func value(context: Context) -> any APIClient { LiveAPIClient() }
}

struct TodosAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> [Todo] { [] }
}

struct FilterAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Filter { .all }
}

struct FilteredTodosAtom: ValueAtom, Hashable {
    func value(context: Context) -> [Todo] {
        let filter = context.watch(FilterAtom())      // watched atoms become dependencies
        let todos = context.watch(TodosAtom())
        return filter == .all ? todos : todos.filter { $0.isCompleted == (filter == .completed) }
    }
}

@MainActor
@Suite("README tour")
struct ReadmeTourTests {
    @Test func theTourRunsAsDescribed() {
        var commits: [String] = []
        var redraws = 0

        let root = AtomRoot()
            .override(APIClientAtom()) { _ in StubAPIClient() }   // dependency injection
            .observeCommits { commit in                            // one commit per transaction
                commits.append("\(commit.cause.operation) \(commit.changes.updated.map(\.atom.id))")
            }

        let screen = root.context()                   // a subscriber, like a SwiftUI view
        screen.onUpdate = { redraws += 1 }            // once per transaction that changed what it watches
        #expect(screen.watch(FilteredTodosAtom()).isEmpty)
        #expect(screen.read(APIClientAtom()) is StubAPIClient)

        screen[TodosAtom()].append(Todo(text: "Buy milk"))
        screen.batch("complete all") {                // several writes, one commit
            screen.modify(TodosAtom()) { todos in todos.indices.forEach { todos[$0].isCompleted = true } }
            screen.set(.completed, for: FilterAtom())
        }
        #expect(screen.read(FilteredTodosAtom()) == [Todo(text: "Buy milk", isCompleted: true)])
        #expect(redraws == 2)

        let snapshot = screen.snapshot()
        #expect(snapshot.graphDescription().contains("\"TodosAtom\" -> \"FilteredTodosAtom\""))
        screen.set(.uncompleted, for: FilterAtom())
        #expect(screen.read(FilteredTodosAtom()).isEmpty)
        screen.restore(snapshot)                      // time travel: notifies only what differs
        #expect(screen.read(FilteredTodosAtom()).count == 1)
        #expect(commits.contains("batch [TodosAtom, FilterAtom, FilteredTodosAtom]"))
    }
}
