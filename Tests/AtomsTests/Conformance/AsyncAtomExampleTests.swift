// Seed conformance: the async atom kinds of the "Atom" guide (TaskAtom, ThrowingTaskAtom,
// AsyncPhaseAtom with typed throws, AsyncSequenceAtom), the `.phase` modifier, KeepAlive on
// a task atom, and an explicitly keyed task atom family. Views become watching contexts;
// `Suspense` becomes awaiting the task.

import Atoms
import Foundation
import Testing

@Suite("Seed conformance: async atoms")
@MainActor
struct AsyncAtomExampleConformanceTests {
    struct User: Equatable, Sendable {
        var name: String
        var age = 30
    }

    struct Movie: Equatable, Sendable {
        var id: Int
        var title: String
    }

    struct Song: Equatable, Sendable {
        var id: Int
        var title: String
    }

    enum FetchSongsError: Error, Equatable {
        case noData
        case offline
    }

    struct Weather: Equatable, Sendable, CustomStringConvertible {
        var description: String
    }

    struct MasterData: Equatable, Sendable {
        var version: Int
    }

    // Stand-ins for the seed's free functions.
    static func fetchUser() async -> User? { User(name: "Ada") }
    static func fetchUser(id: Int) async throws -> User { User(name: "user \(id)") }
    static func fetchMovies() async throws -> [Movie] { [Movie(id: 1, title: "Alien")] }
    static func fetchTrendingSongs() async throws(FetchSongsError) -> [Song] { throw .noData }
    static func fetchWeather() async throws -> Weather { Weather(description: "sunny") }
    static func fetchMasterData() async throws -> MasterData { MasterData(version: 3) }

    // MARK: Seed declarations

    struct FetchUserAtom: TaskAtom, Hashable {
        func value(context: Context) async -> User? {
            await fetchUser()
        }
    }

    struct FetchMoviesAtom: ThrowingTaskAtom, Hashable {
        func value(context: Context) async throws -> [Movie] {
            try await fetchMovies()
        }
    }

    struct FetchTrendingSongsAtom: AsyncPhaseAtom, Hashable {
        func value(context: Context) async throws(FetchSongsError) -> [Song] {
            try await fetchTrendingSongs()
        }
    }

    struct FetchWeatherAtom: ThrowingTaskAtom, Hashable {
        func value(context: Context) async throws -> Weather {
            try await fetchWeather()
        }
    }

    struct FetchMasterDataAtom: ThrowingTaskAtom, KeepAlive, Hashable {
        func value(context: Context) async throws -> MasterData {
            try await fetchMasterData()
        }
    }

    struct FetchUserByIDAtom: ThrowingTaskAtom {
        let id: Int

        var key: Int {
            id
        }

        func value(context: Context) async throws -> User {
            try await fetchUser(id: id)
        }
    }

    // MARK: Tests

    @Test("TaskAtom: the watched task gives the user (Suspense awaits it)")
    func taskAtom() async {
        let context = AtomTestContext()
        let userTask = context.watch(FetchUserAtom())
        let user = await userTask.value
        #expect(user?.name ?? "Unknown" == "Ada")
    }

    @Test("ThrowingTaskAtom: the watched task gives the movies")
    func throwingTaskAtom() async throws {
        let context = AtomTestContext()
        let moviesTask = context.watch(FetchMoviesAtom())
        #expect(try await moviesTask.value.map(\.title) == ["Alien"])
    }

    @Test("AsyncPhaseAtom with typed throws: failure(.noData) can be matched")
    func asyncPhaseAtomTypedThrows() async {
        let context = AtomTestContext()
        // The stand-in never suspends, so the phase is final as soon as it is watched.
        let phase: AsyncPhase<[Song], FetchSongsError> = context.watch(FetchTrendingSongsAtom())
        #expect(phase == .failure(.noData))
        #expect(await context.wait(for: FetchTrendingSongsAtom(), timeout: 300) { !$0.isSuspending })
        let text: String
        switch context.read(FetchTrendingSongsAtom()) {
        case .suspending:
            text = "loading"
        case .success(let songs):
            text = songs.map(\.title).joined()
        case .failure(.noData):
            text = "There are no currently trending songs."
        case .failure(let error):
            text = "\(error)"
        }
        #expect(text == "There are no currently trending songs.")
    }

    @Test(".phase turns the weather task into an AsyncPhase")
    func phaseModifier() async {
        let context = AtomTestContext()
        let weatherPhase: AsyncPhase<Weather, any Error> = context.watch(FetchWeatherAtom().phase)
        #expect(weatherPhase.value == Weather(description: "sunny"))
        #expect(await context.wait(for: FetchWeatherAtom().phase, timeout: 300) { !$0.isSuspending })
        switch context.read(FetchWeatherAtom().phase) {
        case .success(let weather):
            #expect("It's \(weather.description) now!" == "It's sunny now!")
        case .suspending, .failure:
            Issue.record("expected the weather")
        }
    }

    @Test("KeepAlive: the master data task outlives its watchers and is not restarted")
    func keepAliveTask() async throws {
        let context = AtomTestContext()
        let first = context.watch(FetchMasterDataAtom())
        context.unwatch(FetchMasterDataAtom())
        let second = context.watch(FetchMasterDataAtom())
        #expect(first == second)
        #expect(try await second.value == MasterData(version: 3))
    }

    @Test("An explicit key makes a family: one task per id")
    func keyedFamily() async throws {
        let context = AtomTestContext()
        let three = context.watch(FetchUserByIDAtom(id: 3))
        let four = context.watch(FetchUserByIDAtom(id: 4))
        #expect(three != four)
        #expect(try await three.value.name == "user 3")
        #expect(try await four.value.name == "user 4")
    }
}

@Suite("Seed conformance: AsyncSequenceAtom (notifications)")
@MainActor
struct AsyncSequenceExampleConformanceTests {
    // MARK: Seed declaration

    struct NotificationAtom: AsyncSequenceAtom, Hashable {
        let name: Notification.Name

        func sequence(context: Context) -> NotificationCenter.Notifications {
            NotificationCenter.default.notifications(named: name)
        }
    }

    @Test("Each notification is a success phase")
    func notifications() async {
        let name = Notification.Name("AsyncSequenceExampleConformanceTests.didBecomeActive")
        let context = AtomTestContext()
        let text: (AsyncPhase<Notification, any Error>) -> String = { phase in
            switch phase {
            case .suspending, .failure: "Unknown"
            case .success: "Active"
            }
        }
        #expect(text(context.watch(NotificationAtom(name: name))) == "Unknown")
        NotificationCenter.default.post(name: name, object: nil)
        #expect(await context.wait(for: NotificationAtom(name: name), timeout: 300) { text($0) == "Active" })
    }
}

#if !canImport(Darwin)
/// swift-corelibs-foundation has no async notification sequence; this stands in for the
/// Darwin API the seed uses, so that the seed's declaration compiles unchanged.
extension NotificationCenter {
    struct Notifications: AsyncSequence {
        typealias Element = Notification
        let stream: AsyncStream<Notification>

        func makeAsyncIterator() -> AsyncStream<Notification>.Iterator {
            stream.makeAsyncIterator()
        }
    }

    func notifications(named name: Notification.Name) -> Notifications {
        let (stream, continuation) = AsyncStream<Notification>.makeStream()
        // A fresh value per post: Notification is not Sendable here, a new one can be sent.
        let token = addObserver(forName: name, object: nil, queue: nil) { continuation.yield(Notification(name: $0.name)) }
        let box = ObserverToken(token)
        continuation.onTermination = { [weak self] _ in self?.removeObserver(box.token) }
        return Notifications(stream: stream)
    }

    /// Carries the observer token into the termination handler. `NSObjectProtocol` is not
    /// `Sendable`, but the token is only ever handed back to `removeObserver`, which is
    /// thread-safe, and never read otherwise.
    private final class ObserverToken: @unchecked Sendable {
        let token: any NSObjectProtocol
        init(_ token: any NSObjectProtocol) { self.token = token }
    }
}
#endif
