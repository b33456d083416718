import Atoms
import Testing

// The README's "Async atoms" and "Scopes" examples, kept here so that they always compile and
// do what the README says. Edit both together.

struct User: Equatable, Sendable {
    var id: Int
}

extension APIClient {
    func fetchUser(id: Int) async throws -> User {
        await Task.yield()
        return User(id: id)
    }
}

struct FetchUserAtom: ThrowingTaskAtom, Hashable {
    let id: Int
    func value(context: Context) async throws -> User {
        let api = context.watch(APIClientAtom())       // a dependency: a change refetches
        return try await api.fetchUser(id: id)
    }
}

struct QueryAtom: StateAtom, Scoped, Hashable {
    func defaultValue(context: Context) -> String { "" }
}

struct PaneID: Hashable, Sendable {}

@MainActor
@Suite("README async atoms and scopes")
struct ReadmeAsyncAndScopeTests {
    @Test func asyncAtoms() async throws {
        let context = AtomRoot().context()
        var causes: [String] = []
        let observation = context._store.observeCommits { causes.append($0.cause.description) }
        defer { observation.cancel() }

        let user = try await context.watch(FetchUserAtom(id: 3)).value
        let phase = context.watch(FetchUserAtom(id: 3).phase)  // .suspending, then .success / .failure
        await context.refresh(FetchUserAtom(id: 3))            // recompute and wait for the result

        #expect(user == User(id: 3))
        #expect(phase.value == User(id: 3))
        #expect(causes.contains("task finished FetchUserAtom(id: 3)"))
        #expect(context.read(FetchUserAtom(id: 3).phase).value == User(id: 3))
    }

    @Test func scopes() {
        let root = AtomRoot()
        var printed: [String] = []
        let left = AtomScope(in: root, id: PaneID())         // a child of the root
            .scopedOverride(APIClientAtom()) { _ in StubAPIClient() }
            .scopedObserve { snapshot in printed.append(snapshot.lookup(QueryAtom()) ?? "") }
        let right = AtomScope(in: root)                      // a sibling with its own QueryAtom
        let nested = AtomScope(in: left)                     // shares what names PaneID() as scopeID
        let screen = left.context()
        screen.watch(QueryAtom())
        screen.set("cats", for: QueryAtom())                 // right.context() still reads ""
        let leftContext = screen

        #expect(right.context().read(QueryAtom()) == "")
        #expect(leftContext.watch(APIClientAtom()) is StubAPIClient)
        #expect(nested.context().read(APIClientAtom()) is LiveAPIClient)
        #expect(printed.last == "cats")
        left.close()                                          // releases its atoms, KeepAlive ones too
        #expect(root.store.snapshot().atoms.isEmpty)
    }
}
