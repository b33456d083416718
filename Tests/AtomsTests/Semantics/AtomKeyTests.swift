@testable import Atoms
import Testing

/// A store finds an atom's node by its `AtomKey`: equal for the same atom type, key and
/// scope, different otherwise, and hashed alike when equal.
@Suite("An atom's identity in the store's tables")
struct AtomKeyTests {
    struct Plain: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct OtherPlain: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Numbered: StateAtom, Hashable {
        let number: Int
        func defaultValue(context: Context) -> Int { number }
    }

    /// The same stored property as `Numbered`, in another type.
    struct AlsoNumbered: StateAtom, Hashable {
        let number: Int
        func defaultValue(context: Context) -> Int { number }
    }

    /// A key of its own, equal for texts that differ only in case.
    struct Named: StateAtom {
        struct Name: Hashable, Sendable {
            let text: String
            static func == (left: Name, right: Name) -> Bool { left.text.lowercased() == right.text.lowercased() }
            func hash(into hasher: inout Hasher) { hasher.combine(text.lowercased()) }
        }

        let text: String
        var key: Name { Name(text: text) }
        func defaultValue(context: Context) -> String { text }
    }

    private func expectSame(_ left: AtomKey, _ right: AtomKey, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(left == right, sourceLocation: sourceLocation)
        #expect(left.hashValue == right.hashValue, sourceLocation: sourceLocation)
    }

    @Test func equalForTheSameTypeKeyAndScope() {
        expectSame(AtomKey(Plain()), AtomKey(Plain()))
        expectSame(AtomKey(Numbered(number: 3)), AtomKey(Numbered(number: 3)))
        expectSame(AtomKey(Named(text: "Ab")), AtomKey(Named(text: "aB")))
        expectSame(AtomKey(Numbered(number: 3), scope: 2), AtomKey(Numbered(number: 3), scope: 2))
        expectSame(AtomKey(Numbered(number: 3), scope: 2).unscoped, AtomKey(Numbered(number: 3)))
    }

    @Test func differentForAnotherTypeKeyOrScope() {
        #expect(AtomKey(Plain()) != AtomKey(OtherPlain()))
        #expect(AtomKey(Numbered(number: 3)) != AtomKey(Numbered(number: 4)))
        #expect(AtomKey(Numbered(number: 3)) != AtomKey(AlsoNumbered(number: 3)))
        #expect(AtomKey(Named(text: "a")) != AtomKey(Named(text: "b")))
        #expect(AtomKey(Plain(), scope: 1) != AtomKey(Plain()))
        #expect(AtomKey(Numbered(number: 3), scope: 1) != AtomKey(Numbered(number: 3), scope: 2))
    }

    @Test @MainActor func aStoreFindsKeyedAtomsByTheirKeys() {
        let context = AtomRoot().context()
        // Watched, so that their values stay after each write.
        context.watch(Numbered(number: 1))
        context.watch(Named(text: "key"))
        context.set(7, for: Numbered(number: 1))
        #expect(context.read(Numbered(number: 1)) == 7)
        #expect(context.read(Numbered(number: 2)) == 2)
        #expect(context.read(AlsoNumbered(number: 1)) == 1)
        context.set("first", for: Named(text: "Key"))
        #expect(context.read(Named(text: "KEY")) == "first")
    }
}
