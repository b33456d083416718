import AtomJournal
import Foundation
import Testing

/// `fixtures/search.journal`: the async search session of `Sources/ExampleSearch`.
@Suite("Fixtures: the async search journal")
struct SearchFixtureTests {
    let journal: Journal
    /// Atom numbers by id.
    let atoms: [String: Int]

    init() throws {
        journal = try Journal(url: FixtureFiles.good("search.journal"))
        atoms = Dictionary(uniqueKeysWithValues: journal.index.atoms.values.map { ($0.id, $0.number) })
    }

    /// The JSON object of a phase value, or nil when the value is not JSON.
    static func phase(_ value: JournalValue?) throws -> [String: Any]? {
        guard case .json(let text) = value else { return nil }
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    static func titles(_ phase: [String: Any]?) -> [String]? {
        (phase?["value"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
    }

    func steps() throws -> [JournalStep] {
        try (0..<journal.stepCount).map { try journal.step(at: $0) }
    }

    @Test("The session's steps, in order: a superseded search leaves no step of its own")
    func operations() throws {
        #expect(journal.header.appName == "ExampleSearch")
        #expect(journal.index.ending == .closed)
        #expect(journal.index.marks.map(\.mark.label) == ["typing", "service down", "retry"])
        #expect(Set(atoms.keys) == ["QueryAtom", "SearchAPIAtom", "SearchAtom", "SearchAtom.phase", "SearchStatusAtom"])
        #expect(try steps().map(\.operation) == [
            "watch", "set", "set", "task finished", "set", "task failed", "refresh", "task finished", "unwatch",
        ])
    }

    @Test("Each completion is one step caused by the search atom, holding its phase as JSON")
    func completions() throws {
        let search = try #require(atoms["SearchAtom"])
        let phaseAtom = try #require(atoms["SearchAtom.phase"])
        let completions = try steps().filter { $0.operation.hasPrefix("task ") }
        #expect(completions.count == 3)
        for step in completions {
            #expect(step.causeAtom == search, "\(step.operation) step \(step.commit)")
            let value = step.updated.first { $0.atom == search }?.value
            let following = step.updated.first { $0.atom == phaseAtom }?.value
            #expect(value != nil && value == following, "the task and its .phase disagree in step \(step.commit)")
            let phase = try #require(try Self.phase(value), "no JSON phase in step \(step.commit): \(String(describing: value))")
            #expect(phase["phase"] as? String == (step.operation == "task failed" ? "failure" : "success"))
        }

        #expect(Self.titles(try Self.phase(completions[0].updated.first { $0.atom == search }?.value)) == ["Swim", "Swing Low", "Sweet Water"])
        let failure = try #require(try Self.phase(completions[1].updated.first { $0.atom == search }?.value))
        let error = try #require(failure["error"] as? [String: Any])
        #expect((error["serviceUnavailable"] as? [String: Any])?["retryAfterSeconds"] as? Int == 30)
        #expect(Self.titles(try Self.phase(completions[2].updated.first { $0.atom == search }?.value)) == ["Swift Current"])
    }

    @Test("The late answer for the superseded query is nowhere in the journal")
    func supersededAnswerNeverLands() throws {
        // "Sunday Static" is only in the stub's answer for "s", which arrives after "sw".
        let bytes = try FixtureFiles.bytes(FixtureFiles.good("search.journal"))
        #expect(!bytes.contains("Sunday Static".utf8))
        #expect(bytes.contains("Sweet Water".utf8))
    }

    @Test("A refresh keeps the failure until its own search delivers")
    func refresh() throws {
        let search = try #require(atoms["SearchAtom"])
        let all = try steps()
        let position = try #require(all.firstIndex { $0.operation == "refresh" })
        #expect(all[position].causeAtom == search)
        #expect(all[position].updated.isEmpty)
        #expect(all[position + 1].operation == "task finished")
        #expect(journal.index.marks.last?.stepCount == position)
    }
}
