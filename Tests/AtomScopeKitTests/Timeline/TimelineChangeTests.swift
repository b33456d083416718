import AtomJournal
import AtomScopeKit
import Foundation
import Testing

@Suite("Timeline: when and why atoms changed")
struct TimelineChangeTests {
    @Test("the change index equals a scan of every step", arguments: TimelineFixtures.good)
    func changesEqualScan(url: URL) throws {
        let timeline = try Timeline(url: url)
        let reference = try ReferenceReplay(url: url)
        for id in timeline.atomIDs {
            let changes = timeline.changes(of: id)
            #expect(changes == reference.changes(of: id), "\(id)")
            #expect(changes == changes.sorted() && Set(changes).count == changes.count)
        }
        #expect(timeline.changes(of: "NoSuchAtom").isEmpty)
    }

    @Test("next and previous change agree with the change list", arguments: TimelineFixtures.good)
    func nextAndPrevious(url: URL) throws {
        let timeline = try Timeline(url: url)
        for id in timeline.atomIDs {
            let changes = timeline.changes(of: id)
            for step in -1...(timeline.stepCount + 1) {
                #expect(timeline.nextChange(of: id, after: step) == changes.first { $0 > step })
                #expect(timeline.previousChange(of: id, before: step) == changes.last { $0 < step })
                #expect(timeline.lastChange(of: id, atOrBefore: step) == changes.last { $0 <= step })
            }
        }
        #expect(timeline.nextChange(of: "NoSuchAtom", after: 0) == nil)
        #expect(timeline.previousChange(of: "NoSuchAtom", before: 5) == nil)
    }

    @Test("the sensitive token changed once, when the app signed in")
    func tokenChange() throws {
        let timeline = try Timeline(url: TimelineFixtures.todo)
        #expect(timeline.changes(of: "SessionTokenAtom") == [4])
        #expect(timeline.changed("SessionTokenAtom", after: 3, through: 4))
        #expect(!timeline.changed("SessionTokenAtom", after: 4, through: 14))
    }

    @Test("why a derived counter atom changed names the count")
    func whyNamesTheCount() throws {
        let timeline = try Timeline(url: TimelineFixtures.counter)
        for id in ["DoubledAtom", "ParityAtom"] {
            for step in [10, 100, 250] {
                #expect(try timeline.why(id, at: step) == ["CounterAtom"], "\(id) at \(step)")
            }
            let explanation = try #require(try timeline.explain(id, at: 100))
            #expect(explanation.step == timeline.lastChange(of: id, atOrBefore: 100))
            #expect(explanation.upstreams == [.init(atom: "CounterAtom", distance: 1, path: ["CounterAtom", id])])
            #expect(!explanation.isCause)
        }
        // Steps that set the count name it as the cause.
        var sawRootCause = false
        for step in 4...timeline.stepCount {
            guard let explanation = try timeline.explain("DoubledAtom", at: step), explanation.step == step else { continue }
            #expect(explanation.upstreams.map(\.atom).contains("CounterAtom") || explanation.operation == "unwatch")
            if explanation.causeAtom == "CounterAtom" {
                #expect(explanation.rootCause == "CounterAtom")
                sawRootCause = true
            }
        }
        #expect(sawRootCause)
    }

    @Test("why of the atom that caused a step is empty; it is its own cause")
    func whyOfTheCause() throws {
        let timeline = try Timeline(url: TimelineFixtures.counter)
        let explanation = try #require(try timeline.explain("CounterAtom", at: 10))
        #expect(explanation.upstreams.isEmpty)
        #expect(explanation.isCause)
        #expect(explanation.rootCause == "CounterAtom")
        #expect(try timeline.why("CounterAtom", at: 10).isEmpty)
    }

    @Test("why follows the filtered list to both of its sources")
    func whyInTheTodoGraph() throws {
        let timeline = try Timeline(url: TimelineFixtures.todo)
        #expect(try timeline.why("FilteredTodosAtom", at: 8) == ["TodosAtom"])
        #expect(try timeline.why("FilteredTodosAtom", at: 9) == ["FilterAtom"])
        #expect(try timeline.why("StatsAtom", at: 8) == ["TodosAtom"])
        // Before any change there is nothing to explain.
        #expect(try timeline.explain("StatsAtom", at: 1) == nil)
        #expect(try timeline.why("StatsAtom", at: 0).isEmpty)
        #expect(throws: AtomScopeError.self) { try timeline.why("StatsAtom", at: 99) }
    }

    @Test("an atom resolves from its id, a prefix, or any case")
    func resolve() throws {
        let timeline = try Timeline(url: TimelineFixtures.counter)
        #expect(try timeline.resolve(atom: "DoubledAtom") == "DoubledAtom")
        #expect(try timeline.resolve(atom: "Doubled") == "DoubledAtom")
        #expect(try timeline.resolve(atom: "counteratom") == "CounterAtom")
        #expect(try timeline.resolve(atom: "parity") == "ParityAtom")
        #expect(try timeline.resolve(atom: "size") == "StepSizeAtom")
        #expect(timeline.atomIDs(completing: "Co") == ["CounterAtom"])

        let todo = try Timeline(url: TimelineFixtures.todo)
        #expect(throws: AtomScopeError.ambiguousAtom(query: "Filter", matches: ["FilterAtom", "FilteredTodosAtom"])) {
            try todo.resolve(atom: "Filter")
        }
        #expect(try todo.resolve(atom: "FilterA") == "FilterAtom")
        #expect(try todo.resolve(atom: "token") == "SessionTokenAtom")
    }

    @Test("an unknown atom suggests the nearest ids")
    func unknownAtom() throws {
        let timeline = try Timeline(url: TimelineFixtures.counter)
        do {
            _ = try timeline.resolve(atom: "CuonterAtom")
            Issue.record("resolved an unknown atom")
        } catch {
            guard case .unknownAtom(_, let query, let suggestions) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(query == "CuonterAtom")
            #expect(suggestions.first == "CounterAtom")
            #expect(error.description.contains("did you mean CounterAtom"))
            #expect(!error.description.contains("\n"))
        }
        do {
            _ = try timeline.resolve(atom: "Dubled")
            Issue.record("resolved an unknown atom")
        } catch {
            #expect(error.description.contains("did you mean DoubledAtom"))
        }
        #expect(throws: AtomScopeError.unknownAtom(path: timeline.path, query: "zzzzzzzzzzzz", suggestions: [])) {
            try timeline.resolve(atom: "zzzzzzzzzzzz")
        }
    }
}
