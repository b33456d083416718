import Atoms
import Testing

@MainActor
@Suite("Scopes")
struct ScopeTests {
    struct QueryAtom: StateAtom, Scoped, Hashable {
        func defaultValue(context: Context) -> String { "" }
    }

    struct ShoutAtom: ValueAtom, Scoped, Hashable {
        func value(context: Context) -> String { context.watch(QueryAtom()).uppercased() }
    }

    struct SharedShoutAtom: ValueAtom, Hashable {
        func value(context: Context) -> String { context.watch(QueryAtom()).uppercased() }
    }

    struct CounterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct TextScopeID: Hashable, Sendable {}

    struct TextAtom: StateAtom, Scoped, Hashable {
        var scopeID: TextScopeID { TextScopeID() }
        func defaultValue(context: Context) -> String { "" }
    }

    struct CacheAtom: StateAtom, Scoped, KeepAlive, Hashable {
        func defaultValue(context: Context) -> [Int] { [] }
    }

    @Test func theSameScopedAtomHoldsOneValuePerScope() {
        let root = AtomRoot()
        let left = AtomScope(in: root)
        let right = AtomScope(in: root)
        let leftContext = left.context()
        let rightContext = right.context()
        #expect(leftContext.watch(ShoutAtom()) == "")
        #expect(rightContext.watch(ShoutAtom()) == "")
        leftContext.set("cats", for: QueryAtom())
        #expect(leftContext.read(ShoutAtom()) == "CATS")
        #expect(rightContext.read(ShoutAtom()) == "")
        #expect(root.context().read(QueryAtom()) == "")
    }

    @Test func aModifierOfAScopedAtomLivesInTheSameScope() {
        let root = AtomRoot()
        let left = AtomScope(in: root).context()
        let right = AtomScope(in: root).context()
        _ = left.watch(QueryAtom())
        left.set("owls", for: QueryAtom())
        #expect(left.watch(QueryAtom().changes) == "owls")
        #expect(right.watch(QueryAtom().changes) == "")
        #expect(left.snapshot().atoms.map(\.atom.id.rawValue).filter { $0.hasPrefix("QueryAtom.changes @ ") }.count == 2)
    }

    @Test func anAtomThatIsNotScopedIsComputedInTheRoot() {
        let root = AtomRoot()
        let scope = AtomScope(in: root)
        let context = scope.context()
        _ = context.watch(QueryAtom())
        context.set("dogs", for: QueryAtom())
        let rootContext = root.context()
        _ = rootContext.watch(QueryAtom())
        rootContext.set("birds", for: QueryAtom())
        // SharedShoutAtom is not Scoped: it lives in the root and follows the root's query.
        #expect(context.watch(SharedShoutAtom()) == "BIRDS")
        #expect(context.read(QueryAtom()) == "dogs")
    }

    @Test func aScopedOverrideIsNotSeenOutsideItsScope() {
        let root = AtomRoot()
        let scope = AtomScope(in: root).scopedOverride(CounterAtom()) { _ in 456 }
        let nested = AtomScope(in: scope)
        let sibling = AtomScope(in: root)
        #expect(scope.context().watch(CounterAtom()) == 456)
        #expect(root.context().watch(CounterAtom()) == 0)
        #expect(nested.context().watch(CounterAtom()) == 0)
        #expect(sibling.context().watch(CounterAtom()) == 0)
    }

    @Test func aNestedScopeSharesWithTheScopeItsIDNames() {
        let root = AtomRoot()
        let outer = AtomScope(in: root, id: TextScopeID())
        let inner = AtomScope(in: outer)
        let outerContext = outer.context()
        let innerContext = inner.context()
        #expect(innerContext.watch(TextAtom()) == "")
        innerContext.set("shared", for: TextAtom())
        #expect(outerContext.watch(TextAtom()) == "shared")
        // QueryAtom selects the nearest scope, so the two scopes keep two values.
        innerContext.set("inner", for: QueryAtom())
        #expect(outerContext.watch(QueryAtom()) == "")
        // Outside any scope with that id, the atom lives in the root.
        #expect(root.context().watch(TextAtom()) == "")
    }

    @Test func scopedIDsNameTheScope() {
        let root = AtomRoot()
        var ids: [String] = []
        root.observeCommits { commit in ids += commit.changes.initialized.map(\.atom.id.rawValue) }
        let scope = AtomScope(in: root, id: TextScopeID())
        let context = scope.context()
        _ = context.watch(TextAtom())
        _ = context.watch(ShoutAtom())
        #expect(ids.contains("TextAtom @ TextScopeID()"))
        #expect(ids.contains("ShoutAtom @ TextScopeID()"))
        #expect(ids.contains("QueryAtom @ TextScopeID()"))
        let dot = context.snapshot().graphDescription()
        #expect(dot.contains("subgraph \"cluster_TextScopeID()\""))
        #expect(dot.contains("\"QueryAtom @ TextScopeID()\" -> \"ShoutAtom @ TextScopeID()\""))
    }

    @Test func twoScopesFromOnePlaceGetDistinctNames() {
        let root = AtomRoot()
        let scopes = (0..<2).map { _ in AtomScope(in: root) }
        #expect(scopes[0].name != scopes[1].name)
        #expect(scopes[1].name.hasPrefix(scopes[0].name))
    }

    @Test func closingAScopeReleasesItsAtomsKeepAliveToo() {
        let root = AtomRoot()
        var released: [String] = []
        var causes: [String] = []
        root.observeCommits { commit in
            released += commit.changes.released.map(\.id.rawValue)
            causes.append(commit.cause.operation.rawValue)
        }
        let scope = AtomScope(in: root)
        let nested = AtomScope(in: scope)
        let context = scope.context()
        context.set([1, 2], for: CacheAtom())
        _ = context.watch(ShoutAtom())
        _ = nested.context().watch(QueryAtom())
        _ = context.watch(CounterAtom())
        scope.close()
        #expect(causes.last == "scope ended")
        #expect(released.count == 4)
        #expect(released.allSatisfy { $0.contains(" @ ") })
        // The root's atom stays while the context watches it.
        #expect(root.context().read(CounterAtom()) == 0)
        #expect(context.snapshot().atoms.map(\.atom.id.rawValue) == ["CounterAtom"])
    }

    @Test func releasingTheLastReferenceEndsTheScope() {
        let root = AtomRoot()
        var released: [String] = []
        root.observeCommits { commit in released += commit.changes.released.map(\.id.rawValue) }
        do {
            let scope = AtomScope(in: root)
            scope.context().set([3], for: CacheAtom())
        }
        #expect(released.count == 1)
        #expect(released.first?.hasPrefix("CacheAtom @ ") == true)
    }

    @Test func scopedObserveSeesChangesThatConcernTheScope() {
        let root = AtomRoot()
        var seen: [String?] = []
        let scope = AtomScope(in: root).scopedObserve { snapshot in seen.append(snapshot.lookup(QueryAtom())) }
        let context = scope.context()
        _ = context.watch(QueryAtom())
        context.set("fish", for: QueryAtom())
        // A change in the root that no context of the scope watches is not its business.
        root.context().set(1, for: CounterAtom())
        #expect(seen == ["", "fish"])
    }

    @Test func anInheritingScopeKeepsTheParentsOverridesAndScope() {
        let root = AtomRoot()
        let parent = AtomScope(in: root).scopedOverride(CounterAtom()) { _ in 7 }
        let parentContext = parent.context()
        _ = parentContext.watch(QueryAtom())
        parentContext.set("shared", for: QueryAtom())
        let child = AtomScope(inheriting: parentContext)
        let childContext = child.context()
        #expect(childContext.watch(CounterAtom()) == 7)
        #expect(childContext.watch(QueryAtom()) == "shared")
        // Closing the inheriting scope leaves the parent's atoms alone.
        child.close()
        #expect(parentContext.read(QueryAtom()) == "shared")
    }

    struct LoggedAtom: StateAtom, Scoped, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
        func effect(context: CurrentContext) -> some AtomEffect {
            UpdateEffect { context.set(context.read(self) * 10, for: MirrorAtom()) }
        }
    }

    struct MirrorAtom: StateAtom, Scoped, KeepAlive, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    @Test func effectsOfAScopedAtomWorkInItsScope() {
        let root = AtomRoot()
        let scope = AtomScope(in: root)
        let context = scope.context()
        _ = context.watch(LoggedAtom())
        context.set(4, for: LoggedAtom())
        #expect(context.read(MirrorAtom()) == 40)
        #expect(root.context().read(MirrorAtom()) == 0)
    }
}

@Suite("Scoped atom ids")
struct ScopedAtomIDTests {
    @Test func theScopeIsSplitOffAtTheLastSeparatorOutsideQuotesAndBrackets() {
        #expect(AtomID("QueryAtom @ PaneID()").scopeName == "PaneID()")
        #expect(AtomID("QueryAtom @ PaneID()").unscoped == "QueryAtom")
        #expect(AtomID("SearchAtom(query: \"a @ b\")").scopeName == nil)
        #expect(AtomID("SearchAtom(query: \"a @ b\") @ App/Main.swift:3").scopeName == "App/Main.swift:3")
        #expect(AtomID("Family<A @ B>").scopeName == nil)
        #expect(AtomID("CounterAtom").unscoped == "CounterAtom")
        // Outside ASCII, and without the separator's bytes anywhere.
        #expect(AtomID("CaféAtom(name: \"é @ ü\") @ Écran").scopeName == "Écran")
        #expect(AtomID("CaféAtom(name: \"é@ü\")").scopeName == nil)
        #expect(AtomID("Atom @").scopeName == nil)
        #expect(AtomID("Atom @ ").scopeName == "")
    }
}

@MainActor
@Suite("Async atoms in scopes")
struct ScopedAsyncTests {
    typealias Box = GateBox<String, Int>

    struct PaneQueryAtom: StateAtom, Scoped, Hashable {
        func defaultValue(context: Context) -> String { "" }
    }

    /// Scoped, so each pane searches its own query; the gate is keyed by the query.
    struct PaneSearchAtom: TaskAtom, Scoped, Hashable {
        let box: Box
        func value(context: Context) async -> Int {
            let query = context.watch(PaneQueryAtom())
            return await box.gate.waitNotingCancellation(query)
        }
    }

    @Test func eachScopeRunsAndFinishesItsOwnTask() async {
        let root = AtomRoot()
        let box = Box()
        var causes: [String] = []
        root.observeCommits { causes.append($0.cause.description) }
        let left = AtomScope(in: root, id: "left")
        let right = AtomScope(in: root, id: "right")
        let leftContext = left.context()
        let rightContext = right.context()
        _ = leftContext.watch(PaneQueryAtom())
        _ = rightContext.watch(PaneQueryAtom())
        leftContext.set("a", for: PaneQueryAtom())
        rightContext.set("b", for: PaneQueryAtom())
        #expect(leftContext.watch(PaneSearchAtom(box: box).phase).isSuspending)
        #expect(rightContext.watch(PaneSearchAtom(box: box).phase).isSuspending)
        #expect(box.gate.started == ["a", "b"])

        box.gate.open("b", with: 2)
        await box.gate.finished("b")
        #expect(rightContext.read(PaneSearchAtom(box: box).phase).value == 2)
        #expect(leftContext.read(PaneSearchAtom(box: box).phase).isSuspending)
        #expect(causes.last?.hasPrefix("task finished PaneSearchAtom(") == true)
        #expect(causes.last?.hasSuffix(") @ right") == true)
    }

    @Test func endingTheScopeCancelsItsTask() async {
        let root = AtomRoot()
        let box = Box()
        let scope = AtomScope(in: root)
        let context = scope.context()
        let task = context.watch(PaneSearchAtom(box: box))
        scope.close()
        box.gate.open("", with: 1)
        #expect(await task.value == 1)
        #expect(box.gate.cancelled == [""])
        #expect(root.store.snapshot().atoms.isEmpty)
    }
}
