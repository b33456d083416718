@testable import Atoms
import Testing

@MainActor
@Suite("Atom ids")
struct AtomIdentityTests {
    struct PlainAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct FetchUserAtom: StateAtom, Hashable {
        let id: Int
        func defaultValue(context: Context) -> String { "" }
    }

    struct UserNameAtom: StateAtom {
        let userID: Int
        var key: Int { userID }
        func defaultValue(context: Context) -> String { "" }
    }

    struct Generic<T: Hashable & Sendable>: StateAtom, Hashable {
        let value: T
        func defaultValue(context: Context) -> Int { 0 }
    }

    @Test func idIsTheTypeNamePlusPropertiesOrKey() {
        #expect(atomIDText(for: PlainAtom()) == "PlainAtom")
        #expect(atomIDText(for: FetchUserAtom(id: 3)) == "FetchUserAtom(id: 3)")
        #expect(atomIDText(for: UserNameAtom(userID: 7)) == "UserNameAtom(7)")
        #expect(atomIDText(for: Generic(value: "x")) == "Generic<String>(value: \"x\")")
        #expect(atomIDText(for: PlainAtom().changes) == "PlainAtom.changes")
    }

    @Test func idsAreTheSameAcrossStores() {
        let first = AtomTestContext()
        let second = AtomTestContext()
        first.watch(FetchUserAtom(id: 1))
        second.watch(FetchUserAtom(id: 1))
        #expect(first.snapshot().atoms.map(\.atom.id) == second.snapshot().atoms.map(\.atom.id))
    }
}
