#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AtomJournal
import Atoms
import ExampleSupport
import Foundation

// A counter app that records its session as a journal: increments, a derived doubled value
// and parity, resets and batches. It is the child process of the crash-safety tests:
//
//     ExampleCounter JOURNAL --forever --report
//
// writes `committed <n>` with one write(2) each time a commit has returned to it (n counts the
// app's own commits, never asking the recorder), and keeps going until it is killed;
// `--steps N --die fatal|exit|segv` dies that way after N actions without closing the journal.
// See `CounterOptions.usage` for every option.

func fail(_ message: String, status: Int32 = 1) -> Never {
    ExampleTool(name: "ExampleCounter").fail(message, status: status)
}

let options = ExampleTool(name: "ExampleCounter").options(from: Array(CommandLine.arguments.dropFirst()), usage: CounterOptions.usage) {
    arguments throws(ExampleUsageError) in try CounterOptions(arguments: arguments)
}

/// Writes `committed <n>` to stdout with a single unbuffered `write(2)` after each commit has
/// returned, so that a reader of the pipe knows the app saw that many commits finish; the
/// count is the app's own, never the recorder's.
struct CommitReporter {
    private(set) var commits = 0

    mutating func commitReturned() {
        commits += 1
        let line = Array("committed \(commits)\n".utf8)
        _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}

/// Ends the process the way an app can die without closing its recorder.
func die(_ death: CounterOptions.Death) -> Never {
    switch death {
    case .fatal:
        fatalError("ExampleCounter: dying with fatalError, as asked")
    case .exit:
        exit(0)
    case .segv:
        raise(SIGSEGV)
        fatalError("ExampleCounter: SIGSEGV did not end the process")
    }
}

MainActor.assumeIsolated {
    let root = AtomRoot()
    // The example records fixtures and test sessions over earlier ones, as its usage says.
    var recorderOptions = JournalRecorderOptions(replaceExisting: true)
    recorderOptions.flushPolicy = options.flushPolicy
    if let interval = options.keyframeInterval {
        recorderOptions.keyframeInterval = interval
    }
    let recorder: JournalRecorder
    do {
        recorder = try JournalRecorder(root: root, url: URL(filePath: options.journalPath), options: recorderOptions)
    } catch {
        fail("\(error)")
    }
    var reporter = options.report ? CommitReporter() : nil

    // The context is released when this scope ends, before the journal is closed: the
    // journal's last steps unwatch everything.
    do {
        let context = root.context()
        defer { withExtendedLifetime(context) {} }
        context.watch(DoubledAtom())
        reporter?.commitReturned()
        context.watch(ParityAtom())
        reporter?.commitReturned()
        context.watch(StepSizeAtom())
        reporter?.commitReturned()
        recorder.mark("counting")

        var session = CounterSession(context: context)
        while options.forever || session.actions < options.steps {
            session.next()
            reporter?.commitReturned()
            if session.actions.isMultiple(of: 100) {
                recorder.mark("lap \(session.actions / 100)")
            }
        }
        recorder.mark("done after \(session.actions) actions")
        if let death = options.death {
            die(death)
        }
    }

    if let file = options.fileToFree {
        _ = unlink(file)
    }
    ExampleTool(name: "ExampleCounter").close(recorder)
    if !options.report {
        print("recorded \(recorder.stepsWritten) steps to \(options.journalPath) (flush: \(options.flushName))")
    }
}
