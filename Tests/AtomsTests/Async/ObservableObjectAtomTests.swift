#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif
import Atoms
import Testing

@MainActor
@Suite("Observable object atoms")
struct ObservableObjectAtomTests {
    final class Profile: ObservableObject {
        @Published var name = ""
        @Published var age = 20
    }

    struct ProfileAtom: ObservableObjectAtom, Hashable {
        let label: String
        func object(context: Context) -> Profile { Profile() }
    }

    /// Counts its computations, so a test sees how often a change reaches downstream atoms.
    struct SummaryAtom: ValueAtom, Hashable {
        let counter: CallCounter
        func value(context: Context) -> String {
            let profile = context.watch(ProfileAtom(label: "summary"))
            counter.hit()
            return "\(profile.name) \(profile.age)"
        }
    }

    struct SeedAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> String { "first" }
    }

    struct SeededProfileAtom: ObservableObjectAtom, Hashable {
        func object(context: Context) -> Profile {
            let profile = Profile()
            profile.name = context.watch(SeedAtom())
            return profile
        }
    }

    @Test func downstreamAtomsSeeTheChangeOnceItHappened() async {
        let context = AtomTestContext()
        let counter = CallCounter()
        let summary = SummaryAtom(counter: counter)
        #expect(context.watch(summary) == " 20")
        let profile = context.read(ProfileAtom(label: "summary"))
        profile.name = "Ann"
        #expect(await context.wait(for: summary, timeout: 300) { $0 == "Ann 20" })
    }

    @Test func changesInOneTurnAreOneCommit() async {
        let context = AtomTestContext()
        let counter = CallCounter()
        let summary = SummaryAtom(counter: counter)
        let log = CommitLog(context)
        _ = context.watch(summary)
        let profile = context.read(ProfileAtom(label: "summary"))
        profile.name = "Ann"
        profile.age = 21
        profile.name = "Anna"
        #expect(await context.wait(for: summary, timeout: 300) { $0 == "Anna 21" })
        await drainMainActor()
        #expect(log.causes.filter { $0.hasPrefix("object changed ProfileAtom") }.count == 1)
        #expect(counter.count == 2)
    }

    @Test func aReleasedObjectIsNoLongerFollowed() async {
        let context = AtomTestContext()
        let atom = ProfileAtom(label: "released")
        let log = CommitLog(context)
        let profile = context.watch(atom)
        profile.name = "Ann"
        #expect(await context.wait(for: atom, timeout: 300) { _ in log.causes.contains { $0.hasPrefix("object changed") } })
        let sentinel = ProfileAtom(label: "sentinel")
        let other = context.watch(sentinel)
        context.unwatch(atom)
        profile.name = "Bob"
        // A change of the released object would be committed before this one.
        other.name = "Eve"
        #expect(await context.wait(for: sentinel, timeout: 300) { _ in log.causes.count(where: { $0.hasPrefix("object changed") }) == 2 })
        #expect(log.causes.filter { $0.hasPrefix("object changed") }.suffix(1).allSatisfy { $0.contains("sentinel") })
    }

    @Test func aNewObjectReplacesTheOldWhenADependencyChanges() async {
        let context = AtomTestContext()
        let log = CommitLog(context)
        let old = context.watch(SeededProfileAtom())
        #expect(old.name == "first")
        context.set("second", for: SeedAtom())
        let new = context.watch(SeededProfileAtom())
        #expect(new !== old)
        #expect(new.name == "second")
        old.age = 30
        new.age = 40
        #expect(await context.wait(for: SeededProfileAtom(), timeout: 300) { _ in
            log.causes.contains { $0.hasPrefix("object changed SeededProfileAtom") }
        })
        #expect(log.causes.filter { $0.hasPrefix("object changed") }.count == 1)
    }

    /// Equal to any other of its kind. Its atom still changes when the object does: the object
    /// is mutated in place, so its notification is the change (rule 1 of `ValueChangeRule`),
    /// whatever its own `==` says.
    final class AlwaysEqualProfile: ObservableObject, Equatable {
        @Published var age = 20
        nonisolated static func == (lhs: AlwaysEqualProfile, rhs: AlwaysEqualProfile) -> Bool { true }
    }

    struct AlwaysEqualProfileAtom: ObservableObjectAtom, Hashable {
        func object(context: Context) -> AlwaysEqualProfile { AlwaysEqualProfile() }
    }

    @Test func anObjectThatCallsItselfEqualStillChanges() async {
        let context = AtomTestContext()
        let log = CommitLog(context)
        let profile = context.watch(AlwaysEqualProfileAtom())
        profile.age = 21
        #expect(await context.wait(for: AlwaysEqualProfileAtom(), timeout: 300) { _ in
            log.causes.contains { $0.hasPrefix("object changed AlwaysEqualProfileAtom") }
        })
        let index = log.causes.firstIndex { $0.hasPrefix("object changed AlwaysEqualProfileAtom") }
        #expect(index.map { log.updated[$0].contains { $0.hasPrefix("AlwaysEqualProfileAtom=") } } == true)
    }
}
