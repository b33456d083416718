// Seed conformance: the Refreshable example with its UpdateEffect, and the view context's
// `refresh` of FetchBooksAtom. FetchBookTests and FetchMusicsTests are in
// TestContextExampleTests.swift.

import Atoms
import Foundation
import Testing

@Suite("Seed conformance: Refreshable and its UpdateEffect")
@MainActor
struct RefreshableExampleConformanceTests {
    struct Movies: Equatable, Sendable {
        var titles: [String]
    }

    struct Offline: Error {}

    /// The seed's free function, answering from a script the test controls.
    @MainActor
    final class Server: Sendable {
        var answers: [Result<[Movies], Offline>] = []
        func fetchMovies() async throws -> [Movies] {
            await Task.yield()
            return try answers.removeFirst().get()
        }
    }

    struct ServerAtom: ValueAtom, Hashable {
        func value(context: Context) -> Server { Server() }
    }

    struct LogAtom: ValueAtom, Hashable {
        func value(context: Context) -> ConformanceProbe { ConformanceProbe() }
    }

    // MARK: Seed declarations

    private struct FetchMoviesTaskAtom: ThrowingTaskAtom, Hashable {
        func value(context: Context) async throws -> [Movies] {
            let server = context.watch(ServerAtom())
            return try await server.fetchMovies()
        }
    }

    struct FetchMoviesPhaseAtom: ValueAtom, Refreshable, Hashable {
        func value(context: Context) -> AsyncPhase<[Movies], any Error> {
            context.watch(FetchMoviesTaskAtom().phase)
        }

        func refresh(context: CurrentContext) async -> AsyncPhase<[Movies], any Error> {
            await context.refresh(FetchMoviesTaskAtom().phase)
        }

        func effect(context: CurrentContext) -> some AtomEffect {
            UpdateEffect {
                if case .failure = context.read(self) {
                    context.read(LogAtom()).record("Failed to fetch movies.")
                }
            }
        }
    }

    @Test("Refreshing the phase atom refetches through the private task atom")
    func refresh() async {
        let server = Server()
        server.answers = [.success([Movies(titles: ["Alien"])]), .failure(Offline()), .success([Movies(titles: ["Heat"])])]
        let log = ConformanceProbe()
        let context = AtomTestContext()
        context.override(ServerAtom()) { _ in server }
        context.override(LogAtom()) { _ in log }

        #expect(context.watch(FetchMoviesPhaseAtom()).isSuspending)
        #expect(await context.wait(for: FetchMoviesPhaseAtom(), timeout: 300) { $0.isSuccess })
        #expect(context.read(FetchMoviesPhaseAtom()).value == [Movies(titles: ["Alien"])])

        let failed = await context.refresh(FetchMoviesPhaseAtom())
        #expect(failed.error is Offline)
        #expect(context.read(FetchMoviesPhaseAtom()).error is Offline)
        #expect(log.log == ["Failed to fetch movies."])

        let recovered = await context.refresh(FetchMoviesPhaseAtom())
        #expect(recovered.value == [Movies(titles: ["Heat"])])
        #expect(log.log == ["Failed to fetch movies."])
    }
}

@Suite("Seed conformance: view context refresh (BooksView)")
@MainActor
struct BooksViewRefreshConformanceTests {
    struct Book: Equatable, Sendable {
        var title: String
        var isbn: String
    }

    struct SearchQueryAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> String {
            ""
        }
    }

    /// The seed's free function, counting its calls.
    @MainActor
    final class Library: Sendable {
        var calls = 0
        func fetchBooks(query: String) async throws -> [Book] {
            calls += 1
            await Task.yield()
            return [Book(title: "\(query) #\(calls)", isbn: "\(calls)")]
        }
    }

    struct LibraryAtom: ValueAtom, Hashable {
        func value(context: Context) -> Library { Library() }
    }

    struct FetchBooksAtom: ThrowingTaskAtom, Hashable {
        func value(context: Context) async throws -> [Book] {
            let query = context.watch(SearchQueryAtom())
            let library = context.watch(LibraryAtom())
            return try await library.fetchBooks(query: query)
        }
    }

    @Test("refresh, set and reset drive the books task")
    func refreshSetReset() async throws {
        let library = Library()
        let root = AtomRoot().override(LibraryAtom()) { _ in library }
        let context = root.context()

        let booksTask = context.watch(FetchBooksAtom())
        #expect(try await booksTask.value.map(\.title) == [" #1"])

        // refresh
        let refreshed = await context.refresh(FetchBooksAtom())
        #expect(try await refreshed.value.map(\.title) == [" #2"])
        #expect(context.read(FetchBooksAtom()) == refreshed)

        // set: the query is a dependency, so a new task starts
        context.set("All", for: SearchQueryAtom())
        #expect(try await context.read(FetchBooksAtom()).value.map(\.title) == ["All #3"])

        // reset
        context.reset(SearchQueryAtom())
        #expect(try await context.read(FetchBooksAtom()).value.map(\.title) == [" #4"])
    }
}
