// Seed conformance: the "Scoped" attribute, the "Scoped Atom" technique (a scope ID shared
// by nested scopes), `scopedOverride` and `AtomScope(inheriting:)` from "Atom Override", and
// `scopedObserve` from "AtomScope". Each `AtomScope { SomeView() }` becomes a scope and a
// context made by it.

import Atoms
import Testing

@Suite("Seed conformance: scopes")
@MainActor
struct ScopeExampleConformanceTests {
    // MARK: Seed declarations

    struct SearchQueryAtom: StateAtom, Scoped, Hashable {
        func defaultValue(context: Context) -> String {
            ""
        }
    }

    struct TextScopeID: Hashable {}

    struct TextInputAtom: StateAtom, Scoped, Hashable {
        var scopeID: TextScopeID {
            TextScopeID()
        }

        func defaultValue(context: Context) -> String {
            ""
        }
    }

    struct CounterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int {
            0
        }
    }

    // MARK: Tests

    @Test("Each SearchPane's scope has its own SearchQueryAtom")
    func searchPanes() {
        let root = AtomRoot()
        let firstPane = AtomScope(in: root).context()
        let secondPane = AtomScope(in: root).context()
        _ = firstPane.watch(SearchQueryAtom())
        _ = secondPane.watch(SearchQueryAtom())
        firstPane.set("swift", for: SearchQueryAtom())
        #expect(firstPane.read(SearchQueryAtom()) == "swift")
        #expect(secondPane.read(SearchQueryAtom()) == "")
    }

    @Test("A nested scope shares TextInputAtom with the scope of its ID")
    func sharedByScopeID() {
        let root = AtomRoot()
        let outer = AtomScope(in: root, id: TextScopeID())
        let inner = AtomScope(in: outer)
        let outerView = outer.context()
        let innerView = inner.context()
        _ = outerView.watch(TextInputAtom())
        innerView[TextInputAtom()] = "typed inside"
        #expect(outerView.read(TextInputAtom()) == "typed inside")
    }

    @Test("scopedOverride: 456 in the scope, not in the nested one")
    func scopedOverride() {
        let root = AtomRoot()
        let scope = AtomScope(in: root)
            .scopedOverride(CounterAtom()) { _ in
                456
            }
        let nested = AtomScope(in: scope)
        #expect(scope.context().watch(CounterAtom()) == 456)
        #expect(nested.context().watch(CounterAtom()) == 0)
    }

    @Test("AtomScope(inheriting:) keeps the parent scope's overrides")
    func inheriting() {
        let root = AtomRoot()
        let parent = AtomScope(in: root).scopedOverride(CounterAtom()) { _ in 456 }
        let context = parent.context()
        let inherited = AtomScope(inheriting: context)
        #expect(inherited.context().watch(CounterAtom()) == 456)
    }

    @Test("scopedObserve: the snapshot gives CounterAtom as the scope sees it")
    func scopedObserve() {
        let root = AtomRoot()
        var counts: [Int] = []
        let scope = AtomScope(in: root)
            .scopedObserve { snapshot in
                if let count = snapshot.lookup(CounterAtom()) {
                    counts.append(count)
                }
            }
        let counterView = scope.context()
        _ = counterView.watch(CounterAtom())
        counterView[CounterAtom()] += 1
        #expect(counts == [0, 1])
    }
}
