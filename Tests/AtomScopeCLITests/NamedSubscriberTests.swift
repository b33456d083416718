import AtomJournal
import Atoms
import Foundation
import Testing

/// A context named with `root.context(name:)`, through the whole tool: recorded by the
/// recorder, shown by its name in `replay`, `diff`, `graph` and the REPL, and in `--json` as
/// an added `name` beside the unchanged `subscriber`. An unnamed context is still shown as
/// `File.swift:line`.
@MainActor
@Suite("Named subscribers")
struct NamedSubscriberTests {
    struct CountAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct DoubledAtom: ValueAtom, Hashable {
        func value(context: Context) -> Int { context.watch(CountAtom()) * 2 }
    }

    /// What was recorded: the journal's path, and where the two contexts first watched.
    struct Recording {
        var path: String
        var screenLocation: String
        var headerLocation: String
    }

    /// A named screen watches the doubled count, an unnamed header the count itself; then the
    /// screen writes the count once. Steps: watch, watch, set.
    private func record(in folder: TemporaryDirectory) throws -> Recording {
        let url = folder.file("named.journal")
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url)
        let screen = root.context(name: "TodoScreen")
        let header = root.context()
        let screenLine = #line + 1
        _ = screen.watch(DoubledAtom())
        let headerLine = #line + 1
        _ = header.watch(CountAtom())
        screen[CountAtom()] += 1
        try recorder.close()
        return Recording(path: url.path, screenLocation: "\(#fileID):\(screenLine)", headerLocation: "\(#fileID):\(headerLine)")
    }

    @Test func replayShowsTheNameAndTheLocationOfAnUnnamedSubscriber() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recording = try record(in: folder)
        let result = try CLI.run(["replay", recording.path])
        expectSuccess(result)
        #expect(result.out.contains("+ subscription DoubledAtom -> TodoScreen\n"), "\(result)")
        #expect(result.out.contains("+ subscription CountAtom -> \(recording.headerLocation)\n"), "\(result)")
        // The location still names the watch that caused the step, never the subscriber.
        #expect(!result.out.contains("-> \(recording.screenLocation)"), "\(result)")
    }

    @Test func logReadsTheJournal() throws {
        // `log` prints causes and changed atoms, never subscribers: the name changes nothing
        // there, but the journal must read.
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recording = try record(in: folder)
        let result = try CLI.run(["log", recording.path])
        expectSuccess(result)
        #expect(result.outLines.count == 3, "\(result)")
        #expect(result.outLines.first?.contains("watch DoubledAtom at \(recording.screenLocation)") == true, "\(result)")
    }

    @Test func diffShowsTheNameAndItsJSONAddsANameField() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recording = try record(in: folder)

        let text = try CLI.run(["diff", recording.path, "0", "3"])
        expectSuccess(text)
        #expect(text.out.contains("+ subscription DoubledAtom -> TodoScreen"), "\(text)")
        #expect(text.out.contains("+ subscription CountAtom -> \(recording.headerLocation)"), "\(text)")

        let json = try CLI.run(["diff", recording.path, "0", "3", "--json"])
        expectSuccess(json)
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let added = try #require(document["subscriptionsAdded"] as? [[String: String]])
        #expect(added == [
            ["atom": "CountAtom", "subscriber": recording.headerLocation],
            ["atom": "DoubledAtom", "subscriber": recording.screenLocation, "name": "TodoScreen"],
        ])
    }

    @Test func graphLabelsTheSubscriberWithItsName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recording = try record(in: folder)
        let result = try CLI.run(["graph", recording.path, "--dot"])
        expectSuccess(result)
        let named = "\"\(recording.screenLocation) TodoScreen\""
        #expect(result.out.contains("\"DoubledAtom\" -> \(named)\n"), "\(result)")
        #expect(result.out.contains("\(named) [label=\"TodoScreen\", shape=note"), "\(result)")
        let unnamed = "\"\(recording.headerLocation)\""
        #expect(result.out.contains("\(unnamed) [label=\(unnamed), shape=note"), "\(result)")
    }

    @Test func replShowsTheName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let recording = try record(in: folder)
        let input = ["goto 3", "show DoubledAtom", "show CountAtom", "quit"].map { $0 + "\n" }.joined()
        let result = try CLI.run(["repl", recording.path], stdin: Data(input.utf8))
        expectSuccess(result)
        #expect(result.out.contains("  subscribers TodoScreen\n"), "\(result)")
        #expect(result.out.contains("  subscribers \(recording.headerLocation)\n"), "\(result)")
    }
}
