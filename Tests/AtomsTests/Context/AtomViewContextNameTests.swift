import Atoms
import Testing

@MainActor
@Suite("AtomViewContext: named subscribers")
struct AtomViewContextNameTests {
    struct Count: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Doubled: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(Count()) * 2 }
    }

    struct Query: StateAtom, Scoped, Hashable {
        func defaultValue(context: Context) -> String { "" }
    }

    /// The subscribers of every subscription a root's commits added, in order.
    final class AddedSubscribers {
        var all: [SubscriberInfo] = []
    }

    @Test("A named context's subscriptions carry its name, and describe it by the name")
    func commitShowsTheName() {
        let added = AddedSubscribers()
        let root = AtomRoot().observeCommits { commit in
            added.all += commit.changes.subscriptionsAdded.map(\.subscriber)
        }
        let screen = root.context(name: "TodoScreen")
        let line = #line + 1
        screen.watch(Doubled())
        #expect(added.all.map(\.name) == ["TodoScreen"])
        #expect(added.all.map(\.description) == ["TodoScreen"])
        // The location is still where it first watched.
        #expect(added.all.map(\.location) == [SourceLocation(fileID: #fileID, line: UInt(line))])
    }

    @Test("An unnamed context is still described as File.swift:line")
    func unnamedShowsTheLocation() {
        let added = AddedSubscribers()
        let root = AtomRoot().observeCommits { commit in
            added.all += commit.changes.subscriptionsAdded.map(\.subscriber)
        }
        let screen = root.context()
        let line = #line + 1
        screen.watch(Count())
        #expect(added.all.map(\.name) == [nil])
        #expect(added.all.map(\.description) == ["\(#fileID):\(line)"])
    }

    @Test("An empty name counts as none")
    func emptyName() {
        let root = AtomRoot()
        let screen = root.context(name: "")
        let line = #line + 1
        screen.watch(Count())
        let subscribers = screen.snapshot().subscriptions.map(\.subscriber)
        #expect(subscribers.map(\.name) == [nil])
        #expect(subscribers.map(\.description) == ["\(#fileID):\(line)"])
    }

    @Test("graphDescription names a named subscriber by its name and an unnamed one by its location")
    func graphDescriptionShowsTheName() {
        let root = AtomRoot()
        let screen = root.context(name: "TodoScreen")
        let other = root.context()
        screen.watch(Doubled())
        let otherLine = #line + 1
        other.watch(Count())
        let file = #fileID
        let expected = """
            digraph {
              node [shape=box]
              "Count"
              "Count" -> "Doubled"
              "Count" -> "\(file):\(otherLine)"
              "Doubled"
              "Doubled" -> "TodoScreen"
              "\(file):\(otherLine)" [style=filled]
              "TodoScreen" [style=filled]
            }
            """
        #expect(screen.snapshot().graphDescription() == expected)
    }

    @Test("graphDescription keeps subscribers that share a name, or an atom's id, apart")
    func graphDescriptionDisambiguatesNames() {
        let root = AtomRoot()
        let first = root.context(name: "Row")
        let second = root.context(name: "Row")
        let impostor = root.context(name: "Count")
        first.watch(Count())
        second.watch(Count())
        impostor.watch(Count())
        let graph = first.snapshot().graphDescription()
        #expect(graph.contains("\"Count\" -> \"Row\"\n"))
        #expect(graph.contains("\"Count\" -> \"Row #2\"\n"))
        #expect(graph.contains("\"Count\" -> \"Count #2\"\n"))
        #expect(graph.contains("\"Count #2\" [style=filled]"))
        #expect(!graph.contains("\"Count\" -> \"Count\""))
    }

    @Test("A scope's named context carries its name into snapshots")
    func scopeContextName() {
        let root = AtomRoot()
        let pane = AtomScope(in: root)
        let search = pane.context(name: "SearchPane")
        search.watch(Query())
        let subscribers = search.snapshot().subscriptions.map(\.subscriber)
        #expect(subscribers.map(\.name) == ["SearchPane"])
        #expect(subscribers.map(\.description) == ["SearchPane"])
    }

    @Test("SubscriberInfo made without a name is unnamed")
    func subscriberInfoDefaults() {
        let location = SourceLocation(fileID: "App/View.swift", line: 3)
        let info = SubscriberInfo(number: 1, location: location)
        #expect(info.name == nil)
        #expect(info.description == "App/View.swift:3")
        #expect(SubscriberInfo(number: 1, location: location, name: "Screen").description == "Screen")
        #expect(info != SubscriberInfo(number: 1, location: location, name: "Screen"))
    }
}
