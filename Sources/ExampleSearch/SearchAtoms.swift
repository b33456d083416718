import Atoms
import Foundation

/// One search result.
struct Song: Hashable, Codable, Sendable {
    var title: String
    var artist: String
}

/// Why a search failed. `Codable`, so a journal holds the error itself as JSON, not only its
/// description.
enum SearchError: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The service is down for now; try again after the given number of seconds.
    case serviceUnavailable(retryAfterSeconds: Int)
    /// The query is not accepted.
    case invalidQuery(String)

    var description: String {
        switch self {
        case .serviceUnavailable(let seconds): "the service is unavailable, retry in \(seconds) s"
        case .invalidQuery(let query): "invalid query \"\(query)\""
        }
    }
}

/// The search service the app talks to. The app injects it through ``SearchAPIAtom``, so a
/// session (or a test) can replace the real one with a stub.
@MainActor
protocol SearchAPI: AnyObject, Sendable {
    func search(_ query: String) async throws(SearchError) -> [Song]
}

/// A service with a fixed catalogue that answers at once: what the app uses unless something
/// overrides ``SearchAPIAtom``.
@MainActor
final class CatalogueSearchAPI: SearchAPI, CustomStringConvertible {
    let songs: [Song]

    init(songs: [Song]) {
        self.songs = songs
    }

    func search(_ query: String) async throws(SearchError) -> [Song] {
        songs.filter { $0.title.localizedCaseInsensitiveContains(query) }
    }

    nonisolated var description: String { "CatalogueSearchAPI" }
}

/// The search service, for the atoms that need it.
struct SearchAPIAtom: ValueAtom, Hashable {
    func value(context: Context) -> any SearchAPI {
        CatalogueSearchAPI(songs: [])
    }
}

/// What the user has typed into the search field.
struct QueryAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> String { "" }
}

/// The results for the current query. Typing recomputes it, which cancels the search still
/// in flight: a response for an older query never lands. An empty query needs no search.
struct SearchAtom: ThrowingTaskAtom, Hashable {
    func value(context: Context) async throws -> [Song] {
        // Dependencies are watched before the first suspension.
        let query = context.watch(QueryAtom())
        let api = context.watch(SearchAPIAtom())
        guard !query.isEmpty else { return [] }
        return try await api.search(query)
    }
}

/// The line under the search field, derived from the query and the search's phase.
struct SearchStatusAtom: ValueAtom, Hashable {
    func value(context: Context) -> String {
        let query = context.watch(QueryAtom())
        switch context.watch(SearchAtom().phase) {
        case .suspending:
            return "searching \"\(query)\"…"
        case .success(let songs):
            if query.isEmpty { return "type to search" }
            return "\(songs.count) \(songs.count == 1 ? "song" : "songs") for \"\(query)\""
        case .failure(let error):
            return "search failed: \(error)"
        }
    }
}
