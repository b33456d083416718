import AtomJournal
import Atoms

/// The songs the stub service answers with.
enum Catalogue {
    static let sw = [
        Song(title: "Swim", artist: "Lake Harbour"),
        Song(title: "Swing Low", artist: "The Porch Lights"),
        Song(title: "Sweet Water", artist: "Mara Fen"),
    ]
    static let s = sw + [Song(title: "Sunday Static", artist: "Mara Fen")]
    static let swift = [Song(title: "Swift Current", artist: "Lake Harbour")]
}

/// The scripted search session. The stub service releases its responses in an order chosen
/// here, so every run records the same commits:
///
/// 1. typing "s" starts a search, and typing "sw" supersedes it;
/// 2. "sw" is answered first and lands ("task finished");
/// 3. the answer for "s" arrives late and never lands;
/// 4. "swift" fails with a typed error ("task failed");
/// 5. a refresh searches "swift" again, and that search succeeds.
///
/// The session waits only on the stub's requests and on the search tasks themselves.
@MainActor
struct SearchSession {
    let context: AtomViewContext
    let api: ScriptedSearchAPI
    let recorder: JournalRecorder?

    /// The requests the session expects, in order, so that a change of behaviour stops it
    /// with a message rather than a different journal.
    private var requests = 0

    init(context: AtomViewContext, api: ScriptedSearchAPI, recorder: JournalRecorder?) {
        self.context = context
        self.api = api
        self.recorder = recorder
    }

    mutating func run() async throws(SessionError) {
        context.watch(SearchStatusAtom())
        try expectStatus("type to search")

        recorder?.mark("typing")
        let first = try await type("s")
        let second = try await type("sw")
        api.respond(to: second.request, with: .success(Catalogue.sw))
        _ = await second.task.result
        try expectStatus("3 songs for \"sw\"")

        // The search for "s" was cancelled when "sw" was typed; its answer still arrives.
        api.respond(to: first.request, with: .success(Catalogue.s))
        _ = await first.task.result
        try expectStatus("3 songs for \"sw\"")
        print("(the answer for \"s\" arrived after the one for \"sw\" and was dropped)")

        recorder?.mark("service down")
        let failing = try await type("swift")
        api.respond(to: failing.request, with: .failure(.serviceUnavailable(retryAfterSeconds: 30)))
        _ = await failing.task.result
        try expectStatus("search failed: the service is unavailable, retry in 30 s")

        recorder?.mark("retry")
        let context = context
        let refreshing = Task { await context.refresh(SearchAtom()) }
        try await expectRequest("swift")
        api.respond(to: requests, with: .success(Catalogue.swift))
        let refreshed = await refreshing.value
        guard case .success(let songs) = await refreshed.result, songs == Catalogue.swift else {
            throw SessionError("the refresh did not return the new results")
        }
        try expectStatus("1 song for \"swift\"")
    }

    /// Sets the query, as typing into the search field does, and returns the search it
    /// started.
    private mutating func type(_ query: String) async throws(SessionError) -> (request: Int, task: Task<[Song], any Error>) {
        context.set(query, for: QueryAtom())
        try await expectRequest(query)
        return (requests, context.read(SearchAtom()))
    }

    private mutating func expectRequest(_ query: String) async throws(SessionError) {
        requests += 1
        let made = await api.request(requests)
        guard made == query else {
            throw SessionError("request \(requests) searched \"\(made)\", expected \"\(query)\"")
        }
    }

    private func expectStatus(_ expected: String) throws(SessionError) {
        let status = context.read(SearchStatusAtom())
        guard status == expected else {
            throw SessionError("the status reads \"\(status)\", expected \"\(expected)\"")
        }
    }
}

struct SessionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
