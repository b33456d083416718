@testable import Atoms
import Testing

/// A node is recomputed through its atom type's conformance when the type is not generic, and
/// through the closure a typed watch formed when it is (`TypedEvaluation.swift`); either way
/// the values are those of the general path.
@MainActor
@Suite("Typed recomputation")
struct TypedRecomputationTests {
    struct Source: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 1 }
    }

    struct Doubled: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(Source()) * 2 }
    }

    /// Generic: its conformance's witnesses are generic code.
    struct Offset<Base: Atom<Int> & Hashable>: ValueAtom, Hashable {
        let base: Base
        let by: Int
        func value(context: Context) -> Int { context.watch(base) + by }
    }

    enum Namespace<Tag> {
        /// Not generic itself, but nested in a generic type, so its conformance is generic.
        struct Nested: ValueAtom, Hashable {
            func value(context: Context) -> Int { context.watch(Source()) + 1 }
        }
    }

    /// Reads the whole mix: plain, generic, nested in a generic type, and a modifier's atom.
    struct Total: ValueAtom, Hashable {
        func value(context: Context) -> Int {
            context.watch(Offset(base: Doubled(), by: 10)) + context.watch(Namespace<Int>.Nested())
                + context.watch(Doubled().changes)
        }
    }

    private func nodeCell<A: Atom>(of atom: A, in root: AtomRoot) -> NodeRef? {
        root.store.nodes.node(for: AtomKey(atom))?.cell
    }

    @Test func aTypeThatIsNotGenericIsRecomputedThroughItsConformance() throws {
        let root = AtomRoot()
        let view = root.context()
        _ = view.watch(Total())
        for atom in [Total() as any Atom, Doubled(), Source()] {
            let found = nodeCell(of: atom, in: root)
            let cell = try #require(found)
            #expect(cell.pointee.recomputer != nil, "\(atom)")
            #expect(cell.pointee.typedEvaluate == nil, "\(atom)")
        }
    }

    @Test func aGenericTypeIsRecomputedThroughTheClosureOfItsWatch() throws {
        let root = AtomRoot()
        let view = root.context()
        _ = view.watch(Total())
        for atom in [Offset(base: Doubled(), by: 10) as any Atom, Namespace<Int>.Nested(), Doubled().changes] {
            let found = nodeCell(of: atom, in: root)
            let cell = try #require(found)
            #expect(cell.pointee.recomputer == nil, "\(atom)")
            #expect(cell.pointee.typedEvaluate != nil, "\(atom)")
        }
    }

    @Test func everyKindOfRecomputationGivesTheValuesOfTheGeneralPath() {
        let root = AtomRoot()
        let view = root.context()
        var seen = view.watch(Total())
        view.onUpdate = { seen = view.watch(Total()) }
        #expect(seen == 2 + 10 + 2 + 2)
        let writer = root.context()
        for value in [5, 5, -3, 0, 40] {
            writer.set(value, for: Source())
            let expected = (value * 2 + 10) + (value + 1) + value * 2
            #expect(seen == expected)
            #expect(writer.read(Total()) == expected)
        }
    }

    @Test func namesWithGenericArgumentsAreTheGenericTypes() {
        #expect(!AtomTypeTraits.of(Doubled()).isGeneric)
        #expect(AtomTypeTraits.of(Offset(base: Doubled(), by: 1)).isGeneric)
        #expect(AtomTypeTraits.of(Namespace<String>.Nested()).isGeneric)
        #expect(AtomTypeTraits.of(Doubled().changes).isGeneric)
    }
}
