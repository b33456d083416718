import Atoms
import Testing

/// `.changes(of:)` atoms have readable, stable ids: the key path as it is written where the
/// runtime can name it, the name given where it cannot, and otherwise a documented fallback
/// that holds no address and tells two key paths apart.
@MainActor
@Suite("changes(of:) ids")
struct ChangesOfModifierTests {
    struct Address: Equatable {
        var city: String
    }

    struct Profile: Equatable {
        var name = "Ann"
        var age = 30
        var tags = ["a", "b"]
        var address = Address(city: "Oslo")
        var nickname: String? = "annie"
        /// Computed: Linux's runtime cannot name these.
        var initials: String { String(name.prefix(1)) }
        var decade: Int { age / 10 }
        var nextAge: Int { age + 1 }
    }

    struct ProfileAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Profile { Profile() }
    }

    private func id<Node: Atom>(of atom: Node, in context: AtomTestContext = AtomTestContext()) -> String {
        _ = context.watch(atom)
        let ids = context.snapshot().atoms.map(\.atom.id.rawValue).filter { $0.contains(".changes") }
        return ids.count == 1 ? ids[0] : "\(ids)"
    }

    /// Never an address, an unreadable placeholder for a name, or a suffix for a clash.
    private func expectReadable(_ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!id.contains("0x"), "\(id)", sourceLocation: sourceLocation)
        #expect(!id.contains("<computed ("), "\(id)", sourceLocation: sourceLocation)
        #expect(!id.contains(" #"), "\(id)", sourceLocation: sourceLocation)
    }

    @Test func aStoredPropertyReadsAsItsKeyPath() {
        #expect(id(of: ProfileAtom().changes(of: \.name)) == #"ProfileAtom.changes(of: \.name)"#)
        #expect(id(of: ProfileAtom().changes(of: \.age)) == #"ProfileAtom.changes(of: \.age)"#)
        #expect(id(of: ProfileAtom().changes(of: \.address.city)) == #"ProfileAtom.changes(of: \.address.city)"#)
        #expect(id(of: ProfileAtom().changes(of: \.nickname)) == #"ProfileAtom.changes(of: \.nickname)"#)
    }

    @Test func aKeyPathTheRuntimeCannotNameTakesAName() {
        let count = id(of: ProfileAtom().changes(of: \.tags.count, named: "tags.count"))
        #expect(count == #"ProfileAtom.changes(of: \.tags.count)"#)
        let initials = id(of: ProfileAtom().changes(of: \.initials, named: "initials"))
        #expect(initials == #"ProfileAtom.changes(of: \.initials)"#)
        // Written as a key path, the name reads the same.
        #expect(id(of: ProfileAtom().changes(of: \.initials, named: #"\.initials"#)) == initials)
    }

    @Test func aNamedKeyPathStillComputesItsValue() {
        let context = AtomTestContext()
        #expect(context.watch(ProfileAtom().changes(of: \.tags.count, named: "tags.count")) == 2)
        var updates = 0
        context.onUpdate = { updates += 1 }
        context[ProfileAtom()].name = "Bea"
        #expect(updates == 0)
        context[ProfileAtom()].tags.append("c")
        #expect(updates == 1)
        #expect(context.read(ProfileAtom().changes(of: \.tags.count, named: "tags.count")) == 3)
    }

    /// Without a name, a key path that the runtime cannot name still gets an id that holds no
    /// address, is the same every time it is asked for, and differs from every other key
    /// path's on the same atom, even of the same type.
    @Test func theFallbackIsStableAndTellsKeyPathsApart() {
        let context = AtomTestContext()
        _ = context.watch(ProfileAtom().changes(of: \.decade))
        _ = context.watch(ProfileAtom().changes(of: \.nextAge))
        _ = context.watch(ProfileAtom().changes(of: \.initials))
        _ = context.watch(ProfileAtom().changes(of: \.age))
        let ids = context.snapshot().atoms.map(\.atom.id.rawValue).filter { $0 != "ProfileAtom" }
        #expect(ids.count == 4, "\(ids)")
        #expect(Set(ids).count == 4, "two key paths share an id: \(ids)")
        for id in ids {
            expectReadable(id)
            #expect(id.hasPrefix(#"ProfileAtom.changes(of: \."#), "\(id)")
        }
        #if os(Linux)
        // The documented form: the type, and a number counted per type and shape of path.
        #expect(Set(ids) == [
            #"ProfileAtom.changes(of: \.<computed Int 1>)"#, #"ProfileAtom.changes(of: \.<computed Int 2>)"#,
            #"ProfileAtom.changes(of: \.<computed String 1>)"#, #"ProfileAtom.changes(of: \.age)"#,
        ], "\(ids)")
        #endif
        // Asked again, in another store, the ids are the same.
        let again = AtomTestContext()
        _ = again.watch(ProfileAtom().changes(of: \.initials))
        _ = again.watch(ProfileAtom().changes(of: \.nextAge))
        _ = again.watch(ProfileAtom().changes(of: \.decade))
        _ = again.watch(ProfileAtom().changes(of: \.age))
        #expect(Set(again.snapshot().atoms.map(\.atom.id.rawValue).filter { $0 != "ProfileAtom" }) == Set(ids))
    }

    @Test func theLibrarysOwnExampleReadsWell() {
        struct CountAtom: StateAtom, Hashable {
            func defaultValue(context: Context) -> Int { 0 }
        }
        let text = id(of: CountAtom().changes(of: \.description, named: "description"))
        #expect(text == #"CountAtom.changes(of: \.description)"#)
        expectReadable(id(of: CountAtom().changes(of: \.description)))
    }
}
