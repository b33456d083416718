import Foundation
import Testing
import AtomScopeKit
@testable import AtomScopeRender

/// The subprocess plumbing of `renderIsolated`, driven by stand-in worker scripts (the real
/// worker is the `atomscope` binary, which this library does not build; see the last test).
@Suite("GraphRenderer.renderIsolated")
struct GraphRendererIsolatedTests {
    let renderer = GraphRenderer()

    @Test func passesArgumentsAndStdinAndSanitizesTheSVG() throws {
        // The stand-in echoes its arguments into the SVG and appends stdin as a <desc>.
        let worker = try makeScript("""
            printf '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><title>%s %s %s</title><desc>' "$1" "$2" "$3"
            cat
            printf '</desc><script>alert(2)</script></svg>'
            echo 'atomscope-render layout neato' >&2
            printf '%s\\n' 'atomscope-render warning careful\\nnow' >&2
            """)
        let rendered = try renderer.renderIsolated(dot: "digraph &amp; a", format: .svg, layout: .neato, executable: worker)
        let svg = try #require(parseSVG(rendered.data))
        #expect(svg.titles == ["__render-worker svg neato"])
        #expect(rendered.text.contains("<desc>digraph &amp; a</desc>"))
        #expect(!rendered.text.contains("script"))
        #expect(!rendered.text.contains("onload"))
        #expect(rendered.layout == .neato)
        #expect(rendered.warnings == ["careful\nnow"])
    }

    @Test func automaticLayoutIsPassedAsAuto() throws {
        let worker = try makeScript(#"printf '%s' "$3"; cat > /dev/null"#)
        let rendered = try renderer.renderIsolated(dot: "x", format: .plain, executable: worker)
        #expect(rendered.text == "auto")
    }

    @Test func bigInputAndOutputDoNotDeadlock() throws {
        // Writes 4 MiB back before reading anything: both pipes fill up at once.
        let worker = try makeScript("head -c 4194304 /dev/zero | tr '\\0' 'x'; cat")
        let input = String(repeating: "digraph { a -> b }\n", count: 100_000)
        let rendered = try renderer.renderIsolated(dot: input, format: .plain, timeout: .seconds(30), executable: worker)
        #expect(rendered.data.count == 4_194_304 + input.utf8.count)
    }

    @Test func workerErrorsComeBackTyped() throws {
        let worker = try makeScript(#"""
            cat > /dev/null
            echo "atomscope-render error invalid-dot syntax error in line 1 near ';'" >&2
            exit 1
            """#)
        #expect(throws: GraphRenderError.invalidDOT(message: "syntax error in line 1 near ';'")) {
            try renderer.renderIsolated(dot: "digraph { a -> ; }", format: .svg, executable: worker)
        }
    }

    @Test func aFailureWithoutTheProtocolKeepsItsMessage() throws {
        let worker = try makeScript("echo 'Error: Unknown option __render-worker' >&2; exit 64")
        #expect(throws: GraphRenderError.workerFailed(status: 64, message: "Error: Unknown option __render-worker")) {
            try renderer.renderIsolated(dot: "digraph { a }", format: .svg, executable: worker)
        }
    }

    @Test func aCrashingWorkerDoesNotTakeTheCallerDown() throws {
        let worker = try makeScript("echo 'corrupted double-linked list' >&2; kill -ABRT $$")
        #expect(throws: GraphRenderError.workerCrashed(signal: SIGABRT, message: "corrupted double-linked list")) {
            try renderer.renderIsolated(dot: clusterWithLabelledEdgesDOT, format: .svg, executable: worker)
        }
        // …and the caller goes on rendering.
        expectWellFormedSVG(try renderer.render(dot: "digraph { still -> alive }", format: .svg).data, "the render after the crash")
    }

    @Test func aRunawayWorkerIsKilledAtTheTimeout() throws {
        let worker = try makeScript("exec sleep 30")
        let started = ContinuousClock.now
        #expect(throws: GraphRenderError.workerTimedOut(after: .milliseconds(300))) {
            try renderer.renderIsolated(dot: "digraph { a }", format: .svg, timeout: .milliseconds(300), executable: worker)
        }
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aWorkerThatClosesItsOutputButKeepsRunningIsKilledToo() throws {
        let worker = try makeScript("exec >&- 2>&-; exec sleep 30")
        #expect(throws: GraphRenderError.workerTimedOut(after: .milliseconds(300))) {
            try renderer.renderIsolated(dot: "digraph { a }", format: .svg, timeout: .milliseconds(300), executable: worker)
        }
    }

    @Test func aWorkerThatIgnoresStdinStillWorks() throws {
        let worker = try makeScript(#"printf '<svg xmlns="http://www.w3.org/2000/svg"/>'"#)
        let input = String(repeating: "x", count: 2_000_000)
        let rendered = try renderer.renderIsolated(dot: input, format: .svg, executable: worker)
        #expect(parseSVG(rendered.data) != nil)
    }

    @Test func theWorkerInheritsNoDescriptorsButItsStandardStreams() throws {
        let leaked = open("/dev/null", O_RDONLY)  // deliberately without O_CLOEXEC
        defer { close(leaked) }
        let worker = try makeScript("cat > /dev/null; exec ls /proc/self/fd")
        let rendered = try renderer.renderIsolated(dot: "x", format: .plain, executable: worker)
        let descriptors = Set(rendered.text.split(separator: "\n").compactMap { Int($0) })
        // 0, 1, 2, and the directory `ls` itself opened.
        #expect(descriptors.isSubset(of: [0, 1, 2, 3]), "worker saw descriptors \(descriptors.sorted())")
        #expect(!descriptors.contains(Int(leaked)) || leaked == 3)
    }

    @Test func aMissingExecutableIsALaunchFailure() {
        #expect {
            try renderer.renderIsolated(dot: "digraph { a }", format: .svg, executable: "/nonexistent/atomscope")
        } throws: { error in
            guard case .workerLaunchFailed(let message) = error as? GraphRenderError else { return false }
            return message.contains("/nonexistent/atomscope")
        }
    }

    @Test func concurrentIsolatedRendersAreIndependent() async throws {
        let worker = try makeScript("cat")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let rendered = try GraphRenderer().renderIsolated(dot: "payload \(index)", format: .plain, executable: worker)
                    #expect(rendered.text == "payload \(index)")
                }
            }
            try await group.waitForAll()
        }
    }

    /// The real thing: `atomscope __render-worker`, rendering the graph that makes Graphviz
    /// 2.42/2.43 abort on the render after it, several times, then something else.
    @Test(.enabled(if: BuiltWorker.path != nil, "the atomscope binary next to the tests does not answer `__render-worker` yet (build it, and dispatch the subcommand to GraphRenderWorker.main)"))
    func theAtomscopeBinaryRendersHostileGraphsInAWorker() throws {
        let executable = try #require(BuiltWorker.path)
        for format in [GraphFormat.svg, .png, .pdf] {
            let rendered = try renderer.renderIsolated(dot: clusterWithLabelledEdgesDOT, format: format, executable: executable)
            #expect(!rendered.data.isEmpty)
            if format == .svg { expectWellFormedSVG(rendered.data, "clusters with labelled edges") }
        }
        let svg = try renderer.renderIsolated(dot: SVGSanitizerTests.hostileDOT, format: .svg, executable: executable)
        #expect(parseSVG(svg.data) != nil)
        #expect(!svg.text.contains("javascript:alert"))
        #expect(throws: GraphRenderError.invalidDOT(message: "syntax error in line 1 near ';'")) {
            try renderer.renderIsolated(dot: "digraph { a -> ; }", format: .svg, executable: executable)
        }
    }

    /// A runaway `dot` layout (minutes for this 300-node graph) is stopped by the timeout,
    /// and the caller carries on.
    @Test(.enabled(if: BuiltWorker.path != nil, "the atomscope binary next to the tests does not answer `__render-worker` yet"))
    func theAtomscopeBinaryIsKilledOnARunawayLayout() throws {
        let executable = try #require(BuiltWorker.path)
        let started = ContinuousClock.now
        #expect(throws: GraphRenderError.workerTimedOut(after: .seconds(1))) {
            try renderer.renderIsolated(dot: chainWithFanOut(nodes: 300), format: .svg, layout: .dot, timeout: .seconds(1), executable: executable)
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        let automatic = try renderer.renderIsolated(dot: chainWithFanOut(nodes: 300), format: .svg, executable: executable)
        #expect(automatic.layout == .sfdp)
        expectWellFormedSVG(automatic.data, "the automatic layout")
    }

    /// Every input under `Fuzz/Regressions/DOT/` (Graphviz faulting inside the worker, found
    /// by FuzzDOT or while writing it) holds what FuzzDOT asserts: the real worker gives
    /// well-formed SVG or a typed error, within the deadline, and the caller goes on.
    @Test(.enabled(if: BuiltWorker.path != nil, "the atomscope binary next to the tests does not answer `__render-worker` yet"),
          arguments: FuzzRegressions.names(in: "DOT"))
    func fuzzRegressionsComeBackAsSVGOrATypedError(name: String) throws {
        let executable = try #require(BuiltWorker.path)
        let dot = try String(contentsOf: FuzzRegressions.folder("DOT").appending(path: name), encoding: .utf8)
        let started = ContinuousClock.now
        do {
            let rendered = try renderer.renderIsolated(dot: dot, format: .svg, timeout: .seconds(10), executable: executable)
            #expect(parseSVG(rendered.data) != nil, "\(name) rendered, but not to well-formed SVG")
        } catch {
            // Typed by the signature: any GraphRenderError is an answer, not a failure.
            #expect(!error.description.isEmpty)
        }
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(try renderer.renderIsolated(dot: "digraph { still -> alive }", format: .svg, executable: executable).data.isEmpty == false)
    }

    /// The one Graphviz crash committed so far, by what it is: the worker does not survive it
    /// (SIGSEGV on Graphviz 2.43), the caller gets an error.
    @Test(.enabled(if: BuiltWorker.path != nil, "the atomscope binary next to the tests does not answer `__render-worker` yet"))
    func aRankCountThatOverflowsGraphvizsAllocationIsAnError() throws {
        let executable = try #require(BuiltWorker.path)
        let dot = try String(contentsOf: FuzzRegressions.folder("DOT").appending(path: "minlen-overflow.dot"), encoding: .utf8)
        #expect(throws: GraphRenderError.self) {
            try renderer.renderIsolated(dot: dot, format: .svg, timeout: .seconds(10), executable: executable)
        }
    }
}

/// Inputs that fuzz targets found, kept under `Fuzz/Regressions/TARGET/` and found from this
/// source file's path (the tests may run from any directory).
enum FuzzRegressions {
    static let root = URL(filePath: #filePath)
        .deletingLastPathComponent()  // AtomScopeRenderTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package

    static func folder(_ target: String) -> URL {
        root.appending(path: "Fuzz/Regressions/\(target)")
    }

    /// The file names in a target's folder, sorted; empty when there is none.
    static func names(in target: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder(target).path)) ?? []).sorted()
    }
}
