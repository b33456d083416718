import AtomScopeKit
import AtomScopeRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// DOT from outside to SVG, the way `atomscope graph FILE --svg` takes it: the input is read and
// recognised by `GraphInput`, rendered by the render worker process under its limits and a
// deadline, and the SVG that comes back is sanitized. For every input the call must give
// either well-formed, inert SVG or a typed error, within the deadline, and the parent must
// survive; a trap, an ASan error or a leak in our code (parent or worker) is a finding.
//
// The worker is this fuzz binary itself, run as `FuzzDOT __render-worker svg auto`, so the
// worker's Swift code runs under AddressSanitizer too. Graphviz's own faults inside the worker
// (it crashes, aborts and leaks on some inputs, and its layout is unbounded) are not ours to
// fix: they come back as typed errors, and `WorkerReports` tells them apart from ours.

/// How long one render may take. Graphviz's layout is unbounded, so a slow input is killed
/// here and comes back as `workerTimedOut`; libFuzzer's own `-timeout=10` is the hang check.
private let deadline: Duration = .seconds(2)

/// How far past the deadline the call may return: killing and reaping a worker that has
/// mapped up to its 2 GiB limit takes a moment, more on a loaded machine.
private let deadlineSlack: Duration = .seconds(5)

/// Where each input is written for `GraphInput.read`, which reads a file as the CLI does; one
/// per fuzzing process, so that parallel runs do not share it.
private let inputPath = FileManager.default.temporaryDirectory.appending(path: "fuzz-dot-\(getpid()).dot").path

@_cdecl("LLVMFuzzerInitialize")
public func fuzzDOTInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    // libFuzzer calls this before it parses its flags, so the worker invocation is recognised
    // here the way atomscope's main.swift does it, and never reaches libFuzzer's driver.
    let arguments = (0..<Int(argc.pointee)).map { index in
        argv.pointee?[index].map { String(cString: $0) } ?? ""
    }
    if arguments.count > 1, arguments[1] == GraphRenderWorker.commandName {
        GraphRenderWorker.main(arguments: Array(arguments.dropFirst(2)))
    }
    WorkerReports.prepareForWorkers()
    // libFuzzer ends a run that passed with exit(), so the scratch files go with it.
    atexit {
        try? FileManager.default.removeItem(atPath: inputPath)
        WorkerReports.removeDirectory()
    }
    return 0
}

/// `FUZZ_DOT_TRACE=1` prints what became of each input (for looking at a corpus, not for runs).
private let tracing = ProcessInfo.processInfo.environment["FUZZ_DOT_TRACE"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDOT(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard (try? Data(bytes: start, count: count).write(to: URL(fileURLWithPath: inputPath))) != nil else { return 0 }
    // Empty input, text that is not UTF-8 and journals are the CLI's to refuse or to read
    // elsewhere (FuzzJournal); only what it would hand to the worker as DOT goes on.
    guard case .dot(let dot)? = try? GraphInput.read(path: inputPath, limit: GraphRenderWorker.inputLimit) else { return 0 }

    WorkerReports.clear()
    let started = ContinuousClock.now
    let outcome: Result<RenderedGraph, GraphRenderError>
    do {
        outcome = .success(try GraphRenderer().renderIsolated(dot: dot, format: .svg, layout: nil, timeout: deadline))
    } catch {
        outcome = .failure(error)
    }
    let elapsed = ContinuousClock.now - started
    if elapsed > deadline + deadlineSlack {
        fatalError("FuzzDOT: the render returned after \(elapsed), past its \(deadline) deadline: \(outcome)")
    }
    // A sanitizer report from the worker is looked at whatever the outcome: a leak report
    // follows a worker that rendered and then exited.
    if let report = WorkerReports.take() {
        let renderFailed = if case .failure = outcome { true } else { false }
        WorkerReports.judge(report, input: Data(bytes: start, count: count), workerFailed: renderFailed)
    }

    if tracing {
        let summary = switch outcome {
        case .success(let rendered): "svg, \(rendered.data.count) bytes, \(rendered.layout)"
        case .failure(let error): "\(error)"
        }
        FileHandle.standardError.write(Data("FuzzDOT: \(count) bytes in \(elapsed): \(summary.prefix(300))\n".utf8))
    }
    switch outcome {
    case .success(let rendered):
        SVGCheck.requireInertSVG(rendered.data)
    case .failure(let error):
        judge(error)
    }
    return 0
}

/// Every error is typed (the API says so); this sorts the ones that are Graphviz's to give
/// from the ones that mean our code or the harness failed.
private func judge(_ error: GraphRenderError) {
    switch error {
    case .workerLaunchFailed, .pluginsUnavailable, .unknownFormat, .unknownLayout:
        // Nothing about these depends on the input: the run would test nothing.
        fatalError("FuzzDOT: the worker cannot render anything here: \(error)")
    case .workerCrashed(let signal, let message):
        // A Swift trap in the worker (a failed precondition, a force unwrap) dies with SIGILL
        // or SIGTRAP, or prints "Fatal error"; Graphviz's asserts abort.
        if signal == SIGILL || signal == SIGTRAP || message.contains("Fatal error") {
            fatalError("FuzzDOT: the worker's Swift code trapped: \(error)")
        }
    case .invalidDOT, .layoutFailed, .renderFailed, .unsafeSVG, .workerTimedOut, .workerFailed:
        break
    }
}
