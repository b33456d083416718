import AtomJournal
import Atoms
import ExampleSupport
import Foundation

// A scripted search session over a stub service whose responses arrive in an order the
// script chooses: typing supersedes a search in flight (its late answer never lands), a
// search succeeds, one fails with a typed error, and a refresh retries it. It prints every
// commit of the store (its cause and what changed). Given a path, it also records the
// session there as a journal:
//
//     swift run ExampleSearch [JOURNAL]

let tool = ExampleTool(name: "ExampleSearch")
let journalPath = tool.journalPath(
    from: Array(CommandLine.arguments.dropFirst()),
    usage: "usage: ExampleSearch [JOURNAL]   (records the scripted session to JOURNAL when given, replacing it)"
)

/// One line per commit, then one per change.
@MainActor
func printCommit(_ commit: AtomCommit) {
    print("#\(commit.number) \(commit.cause)")
    let changes = commit.changes
    let lines = changes.initialized.map { ("+", $0) } + changes.updated.map { ("~", $0) }
    for (sign, change) in lines {
        print("    \(sign) \(change.atom.id) = \(change.value.map { String(describing: $0) } ?? "nil")")
    }
    for atom in changes.released {
        print("    - \(atom.id)")
    }
}

@MainActor
func record(to path: String?) async {
    let api = ScriptedSearchAPI()
    let root = AtomRoot()
        .override(SearchAPIAtom()) { _ in api }
        .observeCommits(printCommit)

    // Started before anything is watched: the first keyframe is the empty store.
    var recorder: JournalRecorder?
    if let path {
        do {
            // scripts/make-fixtures records over the previous fixture.
            recorder = try JournalRecorder(root: root, url: URL(filePath: path), options: JournalRecorderOptions(replaceExisting: true))
        } catch {
            tool.fail("\(error)")
        }
    }

    do {
        // The context ends with this scope, so the journal's last step unwatches everything.
        var session = SearchSession(context: root.context(), api: api, recorder: recorder)
        do {
            try await session.run()
        } catch {
            tool.fail("the session went wrong: \(error)")
        }
    }

    guard let recorder, let path else { return }
    tool.close(recorder)
    print("")
    print("recorded \(recorder.stepsWritten) steps to \(path)")
}

await record(to: journalPath)
