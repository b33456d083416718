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
    public func renderIsolated(
        dot: String,
        format: GraphFormat,
        layout: GraphLayout? = nil,
        timeout: Duration = GraphRenderer.defaultIsolationTimeout,
        executable: String? = nil
    ) throws(GraphRenderError) -> RenderedGraph {
        guard let program = executable ?? GraphRenderWorker.currentExecutable() else {
            throw .workerLaunchFailed(message: "cannot tell which executable this process runs")
        }
        let child = ChildProcess(
            executable: program,
            arguments: [GraphRenderWorker.commandName] + WorkerProtocol.arguments(format: format, layout: layout),
            timeout: timeout
        )

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
            throw .workerCrashed(signal: signal, message: report.otherText)
        case .exited(let status) where status != WorkerProtocol.success:
            throw report.error ?? .workerFailed(status: status, message: report.otherText)
        case .exited:
            break
        }

        var data = Data(outcome.standardOutput)
        if format == .svg {
            data = try SVGSanitizer.sanitize(data)
        }
        return RenderedGraph(
            data: data,
            format: format,
            layout: report.layout ?? layout ?? .dot,
            warnings: report.warnings
        )
    }
}
