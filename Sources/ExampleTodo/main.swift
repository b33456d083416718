import AtomJournal
import Atoms
import ExampleSupport
import Foundation

// A scripted session of the seed's todo tutorial: sign in, add, toggle, filter, edit,
// delete. It prints every commit of the store (its cause and what changed) and the final
// graph. Given a path, it also records the session there as a journal:
//
//     swift run ExampleTodo [JOURNAL]

/// The token the session signs in with. `SessionTokenAtom` is `Sensitive`, so this text
/// must never appear in a journal or in the printed commits; the fixture tests check that.
let sessionToken = "todo-secret-7f3a9c2e51"

let usage = "usage: ExampleTodo [JOURNAL]   (records the scripted session to JOURNAL when given, replacing it)"
let tool = ExampleTool(name: "ExampleTodo")
func fail(_ message: String, status: Int32 = 1) -> Never {
    tool.fail(message, status: status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(0)
}
if arguments.count > 1 || arguments.first?.hasPrefix("-") == true {
    fail(usage, status: 2)
}
let journalPath = arguments.first

func shown(_ change: AtomValueChange) -> String {
    if change.atom.isSensitive { return "<redacted>" }
    return change.value.map { String(describing: $0) } ?? "nil"
}

/// Runs the scripted session and prints the final graph. Its contexts are released when it
/// returns, so the store's last commits (and the journal's last steps) unwatch everything.
@MainActor
func runSession(_ root: AtomRoot, recorder: JournalRecorder?) {
    // Named, so that commits, the printed graph and recorded journals show the two screens
    // as `TodoList` and `TodoHeader` rather than as the lines where they first watched.
    let list = root.context(name: "TodoList")
    let header = root.context(name: "TodoHeader")
    defer { withExtendedLifetime((list, header)) {} }
    list.watch(FilteredTodosAtom())
    header.watch(StatsAtom())
    header.watch(ProgressAtom())

    var session = TodoSession(context: list)
    session.signIn(token: sessionToken)
    recorder?.mark("signed in")
    session.add("Buy milk")
    session.add("Write journal format")
    session.add("Review atomscope")
    recorder?.mark("three todos added")
    session.toggle(1)
    session.filter(.uncompleted)
    session.edit(2, text: "Write the journal format spec")
    session.filter(.all)
    recorder?.mark("before delete")
    session.delete(3)

    print("")
    print(list.snapshot().graphDescription())
}

MainActor.assumeIsolated {
    let root = AtomRoot().observeCommits { commit in
        print("#\(commit.number) \(commit.cause)")
        for change in commit.changes.initialized {
            print("    + \(change.atom.id) = \(shown(change))")
        }
        for change in commit.changes.updated {
            print("    ~ \(change.atom.id) = \(shown(change))")
        }
        for atom in commit.changes.released {
            print("    - \(atom.id)")
        }
    }

    // The recorder starts before anything is watched, so its first keyframe is the empty
    // store and every commit of the session is a step.
    var recorder: JournalRecorder?
    if let journalPath {
        do {
            // scripts/make-fixtures records over the previous fixture.
            recorder = try JournalRecorder(root: root, url: URL(filePath: journalPath), options: JournalRecorderOptions(replaceExisting: true))
        } catch {
            fail("\(error)")
        }
    }

    runSession(root, recorder: recorder)

    if let recorder, let journalPath {
        tool.close(recorder)
        print("")
        print("recorded \(recorder.stepsWritten) steps to \(journalPath)")
    }
}
