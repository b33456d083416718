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
//     ExampleCounter JOURNAL --forever --report --flush every-commit
//
// prints `flushed <steps>` after every commit whose records reached the file, and keeps
// going until it is killed. See `CounterOptions.usage` for every option.

func fail(_ message: String, status: Int32 = 1) -> Never {
    ExampleTool(name: "ExampleCounter").fail(message, status: status)
}

let commandLine = Array(CommandLine.arguments.dropFirst())
if commandLine.contains("-h") || commandLine.contains("--help") {
    print(CounterOptions.usage)
    exit(0)
}
let options: CounterOptions
do {
    options = try CounterOptions(arguments: commandLine)
} catch {
    fail("\(error.message)\n\(CounterOptions.usage)", status: 2)
}

/// Prints `flushed <steps>` once per new step count that has reached the file.
@MainActor
final class FlushReporter {
    let recorder: JournalRecorder
    let probe: FlushProbe
    private(set) var reported = 0

    init(recorder: JournalRecorder, probe: FlushProbe) {
        self.recorder = recorder
        self.probe = probe
    }

    /// Called after each commit (and after close).
    func commitEnded() {
        if let error = recorder.lastError {
            fail("recording stopped: \(error)")
        }
        let steps = recorder.stepsWritten
        guard steps > reported, recorder.writer.isClosed || probe.hasReachedFile(recorder.writer) else { return }
        reported = steps
        print("flushed \(steps)")
        fflush(nil)
    }
}

MainActor.assumeIsolated {
    let root = AtomRoot()
    var recorderOptions = JournalRecorderOptions()
    recorderOptions.flushPolicy = options.flushPolicy
    if let interval = options.keyframeInterval {
        recorderOptions.keyframeInterval = interval
    }
    let recorder: JournalRecorder
    let probe: FlushProbe
    do {
        recorder = try JournalRecorder(root: root, url: URL(filePath: options.journalPath), options: recorderOptions)
        probe = try FlushProbe(path: options.journalPath)
    } catch let error as CounterOptionsError {
        fail(error.message)
    } catch {
        fail("\(error)")
    }
    let reporter = options.report ? FlushReporter(recorder: recorder, probe: probe) : nil

    // The context is released when this scope ends, before the journal is closed: the
    // journal's last steps unwatch everything.
    do {
        let context = root.context()
        defer { withExtendedLifetime(context) {} }
        context.watch(DoubledAtom())
        reporter?.commitEnded()
        context.watch(ParityAtom())
        reporter?.commitEnded()
        context.watch(StepSizeAtom())
        reporter?.commitEnded()
        recorder.mark("counting")

        var session = CounterSession(context: context)
        while options.forever || session.actions < options.steps {
            session.next()
            reporter?.commitEnded()
            if session.actions.isMultiple(of: 100) {
                recorder.mark("lap \(session.actions / 100)")
            }
        }
        recorder.mark("done after \(session.actions) actions")
    }

    ExampleTool(name: "ExampleCounter").close(recorder)
    reporter?.commitEnded()
    if !options.report {
        print("recorded \(recorder.stepsWritten) steps to \(options.journalPath) (flush: \(options.flushName))")
    }
}
