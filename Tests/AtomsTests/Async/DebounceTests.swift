import Atoms
import Clocks
import Testing

@MainActor
@Suite("Debounced watch")
struct DebounceTests {
    struct SearchTextAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> String { "" }
    }

    /// What a search needs: the clock it waits on, and a log of the searches that ran.
    final class Environment: Hashable, Sendable {
        let clock = TestClock<Duration>()
        let searches: CallCounter
        @MainActor init() { searches = CallCounter() }
        static func == (lhs: Environment, rhs: Environment) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    struct SearchResultsAtom: AsyncPhaseAtom, Hashable {
        let environment: Environment
        func value(context: Context) async throws -> String {
            let text = try await context.watch(SearchTextAtom(), debounce: .milliseconds(300), clock: environment.clock)
            environment.searches.hit(text)
            return "results for \(text)"
        }
    }

    @Test func onlyTheLastValueOfABurstDoesWork() async {
        let context = AtomTestContext()
        let environment = Environment()
        let atom = SearchResultsAtom(environment: environment)
        #expect(context.watch(atom).isSuspending)
        for text in ["s", "sw", "swi", "swift"] {
            context.set(text, for: SearchTextAtom())
            #expect(context.watch(atom).isSuspending)
        }
        await environment.clock.advance(by: .milliseconds(299))
        #expect(environment.searches.log.isEmpty)
        // Past the deadline rather than onto it: the sleep may start after the clock moved.
        await environment.clock.advance(by: .milliseconds(2))
        #expect(await context.wait(for: atom, timeout: 300) { $0.value == "results for swift" })
        #expect(environment.searches.log == ["swift"])
    }

    @Test func aChangeDuringTheWaitStartsTheWaitAgain() async {
        let context = AtomTestContext()
        let environment = Environment()
        let atom = SearchResultsAtom(environment: environment)
        _ = context.watch(atom)
        context.set("a", for: SearchTextAtom())
        await environment.clock.advance(by: .milliseconds(200))
        context.set("ab", for: SearchTextAtom())
        await environment.clock.advance(by: .milliseconds(200))
        #expect(environment.searches.log.isEmpty)
        await environment.clock.advance(by: .milliseconds(101))
        #expect(await context.wait(for: atom, timeout: 300) { $0.value == "results for ab" })
        #expect(environment.searches.log == ["ab"])
    }
}
