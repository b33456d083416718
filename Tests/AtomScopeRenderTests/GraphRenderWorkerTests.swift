import Foundation
import Testing
import AtomScopeKit
@testable import AtomScopeRender

@Suite("GraphRenderWorker in process")
struct GraphRenderWorkerTests {
    struct Run {
        var status: Int32
        var output: Data
        var diagnostics: String
    }

    /// Runs the worker on temporary files (a pipe would fill up and block on big output).
    func runWorker(_ arguments: [String], input: String) throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomscope-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("in"), outputURL = directory.appendingPathComponent("out"), errorURL = directory.appendingPathComponent("err")
        try Data(input.utf8).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let inputHandle = try FileHandle(forReadingFrom: inputURL)
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        let status = GraphRenderWorker.run(arguments: arguments, input: inputHandle, output: outputHandle, diagnostics: errorHandle)
        try inputHandle.close(); try outputHandle.close(); try errorHandle.close()
        return Run(status: status, output: try Data(contentsOf: outputURL), diagnostics: try String(contentsOf: errorURL, encoding: .utf8))
    }

    @Test func rendersStdinToStdout() throws {
        let run = try runWorker(["svg", "dot"], input: "digraph { worker -> output }")
        #expect(run.status == 0)
        #expect(parseSVG(run.output)?.titles.contains("worker") == true)
        #expect(WorkerProtocol.parse(run.diagnostics) == WorkerProtocol.Report(layout: .dot))
    }

    @Test func automaticLayoutIsReported() throws {
        let run = try runWorker(["plain", "auto"], input: chainWithFanOut(nodes: 300))
        #expect(run.status == 0)
        #expect(WorkerProtocol.parse(run.diagnostics).layout == .sfdp)
        let defaulted = try runWorker(["plain"], input: "digraph { a -> b }")
        #expect(WorkerProtocol.parse(defaulted.diagnostics).layout == .dot)
    }

    @Test func invalidDOTExitsNonZeroWithTheTypedErrorOnStderr() throws {
        let run = try runWorker(["svg", "dot"], input: "digraph { a -> ; }")
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(WorkerProtocol.parse(run.diagnostics).error == .invalidDOT(message: "syntax error in line 1 near ';'"))
    }

    @Test func badArgumentsExitWithStatus2() throws {
        let format = try runWorker(["gif", "dot"], input: "digraph { a }")
        #expect(format.status == 2)
        #expect(WorkerProtocol.parse(format.diagnostics).error == .unknownFormat("gif"))
        let layout = try runWorker(["svg", "circo"], input: "digraph { a }")
        #expect(layout.status == 2)
        #expect(WorkerProtocol.parse(layout.diagnostics).error == .unknownLayout("circo"))
        let none = try runWorker([], input: "")
        #expect(none.status == 2)
    }

    @Test func warningsTravelOnStderr() throws {
        let shape = "workershape\(UInt32.random(in: 0...UInt32.max))"
        let run = try runWorker(["svg", "dot"], input: "digraph { a [shape=\(shape)] }")
        #expect(run.status == 0)
        expectWellFormedSVG(run.output, "the worker's SVG with a warning")
        #expect(WorkerProtocol.parse(run.diagnostics).warnings == ["using box for unknown shape \(shape)"])
    }

    @Test func clusterWithLabelledEdgesRendersInTheWorker() throws {
        for _ in 0..<3 {
            let run = try runWorker(["svg", "dot"], input: clusterWithLabelledEdgesDOT)
            #expect(run.status == 0)
            #expect(parseSVG(run.output)?.titles.contains("n10") == true)
        }
    }

    @Test func protocolMessagesSurviveEscaping() {
        let message = "line one\nline two \\ with backslash\r"
        let line = WorkerProtocol.errorLine(.layoutFailed(message: message))
        #expect(line.filter { $0 == "\n" }.count == 1)
        #expect(WorkerProtocol.parse("noise\n" + line + WorkerProtocol.warningLine("w\nx")) ==
            WorkerProtocol.Report(warnings: ["w\nx"], error: .layoutFailed(message: message), otherText: "noise"))
    }
}
