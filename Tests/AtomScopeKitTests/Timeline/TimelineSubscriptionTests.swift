import AtomJournal
import AtomScopeKit
import Foundation
import Testing

/// Subscribers as the timeline shows them: by their name when the journal has one (format
/// 1.1), otherwise by where they first watched.
@Suite("Timeline subscriptions")
struct TimelineSubscriptionTests {
    /// Three subscribers: two contexts named `Row 1` and `Row 2` that first watched at the
    /// same line, and an unnamed one. All watch atom `A` from the keyframe on.
    static func records() -> [JournalRecord] {
        [
            SyntheticJournal.atom(1, "A"),
            .subscriberDefinition(JournalSubscriberDefinition(number: 0, fileID: "Demo/Rows.swift", line: 9, name: "Row 1")),
            .subscriberDefinition(JournalSubscriberDefinition(number: 1, fileID: "Demo/Rows.swift", line: 9, name: "Row 2")),
            .subscriberDefinition(JournalSubscriberDefinition(number: 2, fileID: "Demo/Header.swift", line: 4)),
            .keyframe(JournalKeyframe(
                commit: 1, time: 10, atoms: [SyntheticJournal.entry(1, "0")], edges: [],
                subscriptions: [0, 1, 2].map { JournalSubscription(atom: 1, subscriber: $0) }
            )),
            .step(JournalStep(commit: 2, time: 20, operation: "set", updated: [SyntheticJournal.entry(1, "1")])),
        ]
    }

    @Test func namedSubscribersAreShownByNameAndKeptApart() throws {
        let url = try SyntheticJournal.write(Self.records())
        defer { SyntheticJournal.remove(url) }
        let state = try Timeline(url: url).state(at: 1)
        #expect(state.subscriptions == [
            TimelineSubscription(atom: "A", subscriber: "Demo/Rows.swift:9", name: "Row 1"),
            TimelineSubscription(atom: "A", subscriber: "Demo/Rows.swift:9", name: "Row 2"),
            TimelineSubscription(atom: "A", subscriber: "Demo/Header.swift:4"),
        ])
        #expect(state.subscribers(of: "A") == ["Demo/Header.swift:4", "Row 1", "Row 2"])
        #expect(state.subscriptions.sorted().map(\.description) == ["A -> Demo/Header.swift:4", "A -> Row 1", "A -> Row 2"])
    }

    @Test func theGraphLabelsNamedSubscribersAndKeepsTheirNodesApart() throws {
        let url = try SyntheticJournal.write(Self.records())
        defer { SyntheticJournal.remove(url) }
        let model = try Timeline(url: url).state(at: 1).graphModel()
        let subscribers = model.nodes.filter { $0.kind == .subscriber }
        #expect(subscribers.map(\.id) == ["Demo/Header.swift:4", "Demo/Rows.swift:9 Row 1", "Demo/Rows.swift:9 Row 2"])
        #expect(subscribers.map(\.label) == [nil, "Row 1", "Row 2"])
        #expect(Set(model.edges.filter { $0.from == "A" }.map(\.to)) == Set(subscribers.map(\.id)))
    }

    @Test func jsonHasANameOnlyWhenThereIsOne() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let named = TimelineSubscription(atom: "A", subscriber: "Demo/Rows.swift:9", name: "Row 1")
        let unnamed = TimelineSubscription(atom: "A", subscriber: "Demo/Header.swift:4")
        #expect(String(decoding: try encoder.encode(named), as: UTF8.self) == #"{"atom":"A","name":"Row 1","subscriber":"Demo\/Rows.swift:9"}"#)
        #expect(String(decoding: try encoder.encode(unnamed), as: UTF8.self) == #"{"atom":"A","subscriber":"Demo\/Header.swift:4"}"#)
    }
}
