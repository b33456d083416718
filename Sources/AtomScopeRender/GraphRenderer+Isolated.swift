import AtomScopeKit
import Foundation

extension GraphRenderer {
    /// Renders `dot` in a worker process (still libgvc): the executable run as
    /// `executable __render-worker FORMAT LAYOUT`, DOT on its stdin, the document on its
    /// stdout (see ``GraphRenderWorker``).
    ///
    /// A crash, an abort or a runaway layout costs the worker, never the caller: the worker is
    /// killed with `SIGKILL` when `timeout` passes. SVG coming back is always passed through
    /// ``SVGSanitizer`` (outside DOT can put `javascript:` URLs, event attributes and markup
    /// into Graphviz's SVG). Blocks the calling thread until the worker is done.
    ///
    /// - Parameters:
    ///   - executable: the program to run; `nil` means this process's own executable
    ///     (``GraphRenderWorker/currentExecutable()``), which must dispatch
    ///     `__render-worker` to ``GraphRenderWorker/main(arguments:)``.
    ///   - waiting: called on the calling thread at least once a second while the worker runs
    ///     (a layout can take seconds), for showing how long it has taken.
    ///   - textEscaping: `.dotQuoted` when `dot` is atomscope's own (a journal's graph), whose
    ///     text is escaped already; `.none` for DOT from outside.
    public func renderIsolated(
        dot: String,
        format: GraphFormat,
        layout: GraphLayout? = nil,
        timeout: Duration = GraphRenderer.defaultIsolationTimeout,
        executable: String? = nil,
        textEscaping: SVGSanitizer.TextEscaping = .none,
        waiting: (() -> Void)? = nil
    ) throws(GraphRenderError) -> RenderedGraph {
        guard let program = executable ?? GraphRenderWorker.currentExecutable() else {
            throw .workerLaunchFailed(message: "cannot tell which executable this process runs")
        }
        var environment = ProcessInfo.processInfo.environment
        // A worker that crashes should die at once with its signal, not spend seconds
        // symbolicating a Swift backtrace onto stderr (unless the user asked for one).
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        var child = ChildProcess(
            executable: program,
            arguments: [GraphRenderWorker.commandName] + WorkerProtocol.arguments(format: format, layout: layout),
            environment: environment,
            timeout: timeout
        )
        child.waiting = waiting

        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.Failure) {
            outcome = try child.run(input: Array(dot.utf8))
        } catch {
            switch error {
            case .launch(let message): throw .workerLaunchFailed(message: message)
            case .timedOut: throw .workerTimedOut(after: timeout)
            case .outputTooLarge(let limit): throw .workerFailed(status: -1, message: "output exceeded \(limit) bytes")
            }
        }

        let report = WorkerProtocol.parse(String(decoding: outcome.standardError, as: UTF8.self))
        switch outcome.termination {
        case .signaled(let signal):
            throw .workerCrashed(signal: signal, message: Self.excerpt(report.otherText))
        case .exited(let status) where status != WorkerProtocol.success:
            throw report.error ?? .workerFailed(status: status, message: Self.excerpt(report.otherText))
        case .exited:
            break
        }

        var data = Data(outcome.standardOutput)
        if format == .svg {
            data = try SVGSanitizer.sanitize(data, textEscaping: textEscaping)
        }
        return RenderedGraph(
            data: data,
            format: format,
            layout: report.layout ?? layout ?? .dot,
            warnings: report.warnings
        )
    }

    /// The first lines of what a failed worker printed, enough to say why.
    private static func excerpt(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let kept = lines.prefix(10).map { $0.count > 300 ? $0.prefix(300) + "…" : $0 }
        return kept.joined(separator: "\n") + (lines.count > kept.count ? "\n…" : "")
    }
}
