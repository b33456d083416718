import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(Glibc)
import Glibc
#endif
import AtomScopeKit
import Testing
@testable import AtomScopeRender

/// What an XML parse of a rendered SVG found.
struct ParsedSVG {
    var elementNames: [String] = []
    var attributes: [(element: String, name: String, value: String)] = []
    var titles: [String] = []
    var texts: [String] = []
}

/// Parses `data` with Foundation's XMLParser; nil when it is not well-formed XML.
func parseSVG(_ data: Data) -> ParsedSVG? {
    let delegate = SVGCollector()
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.delegate = delegate
    guard parser.parse(), delegate.failed == false else { return nil }
    return delegate.result
}

private final class SVGCollector: NSObject, XMLParserDelegate {
    var result = ParsedSVG()
    var failed = false
    private var stack: [String] = []
    private var characters = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        stack.append(elementName)
        characters = ""
        result.elementNames.append(elementName)
        for (name, value) in attributes { result.attributes.append((elementName, name, value)) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        characters += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "title" { result.titles.append(characters) }
        if elementName == "text" { result.texts.append(characters) }
        characters = ""
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        failed = true
    }
}

/// Expects `data` to be SVG that libxml2 (through XMLParser) reads: every SVG the suite makes
/// is parsed, here or by ``parseSVG(_:)`` directly. (Graphviz's own SVG of hostile DOT, the
/// sanitizer's input, is not well-formed, and is not expected to be.)
func expectWellFormedSVG(_ data: Data, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(parseSVG(data) != nil, "\(what): not well-formed XML: \(String(decoding: data.prefix(300), as: UTF8.self))", sourceLocation: sourceLocation)
}

/// A shallow dependency graph of `count` nodes named `prefix0`…: node i depends on
/// i / 3 and, from 4 on, on i / 3 - 1 (depth log3(count), like real atom graphs).
func dependencyGraph(nodes count: Int, prefix: String = "Atom") -> String {
    var lines = ["digraph G {", "node [shape=box];"]
    for index in 0..<count {
        lines.append("\"\(prefix)\(index)\";")
        if index > 0 { lines.append("\"\(prefix)\(index / 3)\" -> \"\(prefix)\(index)\";") }
        if index > 3 { lines.append("\"\(prefix)\(index / 3 - 1)\" -> \"\(prefix)\(index)\";") }
    }
    lines.append("}")
    return lines.joined(separator: "\n")
}

/// A chain of `count` nodes plus an edge from its root to every other node: few nodes, but
/// the long edges make `dot` place thousands of virtual nodes (200 nodes: over two minutes).
func chainWithFanOut(nodes count: Int) -> String {
    var lines = ["digraph G {"]
    for index in 1..<count { lines.append("C\(index - 1) -> C\(index);") }
    for index in stride(from: 1, to: count, by: 2) { lines.append("C0 -> C\(index);") }
    lines.append("}")
    return lines.joined(separator: "\n")
}

/// A cluster plus labelled edges: after `dot` lays this out, Graphviz 2.42/2.43's
/// `gvFreeLayout` frees a stale pointer and the next layout aborts with
/// "corrupted double-linked list" (reduced from a fuzzed graph on this machine).
let clusterWithLabelledEdgesDOT = """
    digraph G {
      subgraph cluster_0 { n3; n10 -> n5 [label="e3"]; }
      subgraph cluster_1 { n8; n6; }
      subgraph cluster_2 { n0 -> n1 [label="e0"]; }
      n9 -> n3 [label="x3"]; n6 -> n9 [label="x4"]; n4 -> n5;
      n6 -> n4 [label="x7"]; n5 -> n8 [label="x9"];
    }
    """

/// Held while fd 2 is redirected (`capturingStandardError`).
private let standardErrorCapture = NSLock()

/// Runs `body` with file descriptor 2 redirected into a pipe and returns what was written to
/// it meanwhile. Anything captured is written back to the real stderr afterwards (other tests
/// running in parallel may have written there).
///
/// The pipe is drained without waiting for end-of-file: a child process that another test
/// spawns while fd 2 is the pipe inherits it as its stderr (no flag can stop that for fd 2),
/// and a long-lived child would otherwise keep the read blocked for ever. Whatever `body`
/// wrote is already in the pipe when it returns, so a non-blocking read finds all of it;
/// the pipe holds 64 KiB, far more than a Graphviz warning.
///
/// One capture at a time in the process: fd 2 is the process's, and two tests capturing at
/// once (Swift Testing runs them in parallel) left it pointing at the first capture's pipe
/// after its read end was closed, so the runner's next write to stderr killed it with
/// `SIGPIPE` (a CI run ended so, "exited with unexpected signal code 13").
func capturingStandardError<T>(_ body: () throws -> T) rethrows -> (T, String) {
    standardErrorCapture.lock()
    defer { standardErrorCapture.unlock() }
    var descriptors: [Int32] = [-1, -1]
    precondition(pipe(&descriptors) == 0)
    // Children need not see either end (Glibc's module has no `pipe2`, so the flag comes
    // after; a child forked in between only delays nothing, since nothing waits for EOF).
    _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
    // Only the read end: fd 2 stays blocking for whoever writes to it.
    precondition(fcntl(descriptors[0], F_SETFL, O_NONBLOCK) == 0)
    let saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
    precondition(saved >= 0)
    dup2(descriptors[1], 2)
    close(descriptors[1])
    defer {
        dup2(saved, 2)
        close(saved)
        close(descriptors[0])
    }
    let result = try body()
    dup2(saved, 2)
    var captured: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
        if count <= 0 { break }
        captured += buffer[0..<count]
    }
    if !captured.isEmpty {
        _ = captured.withUnsafeBytes { write(saved, $0.baseAddress, $0.count) }
    }
    return (result, String(decoding: captured, as: UTF8.self))
}

/// A throwaway executable shell script, for exercising the worker plumbing.
func makeScript(_ body: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomscope-render-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("worker.sh")
    try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return url.path
}

/// The `atomscope` binary built next to this test bundle, when it answers `__render-worker`.
enum BuiltWorker {
    static let path: String? = {
        guard let tests = GraphRenderWorker.currentExecutable() else { return nil }
        var directory = URL(fileURLWithPath: tests).deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
        let candidate = directory.appendingPathComponent("atomscope").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else { return nil }
        let probe = try? GraphRenderer().renderIsolated(dot: "digraph { a -> b }", format: .plain, layout: .dot, timeout: .seconds(30), executable: candidate)
        return probe == nil ? nil : candidate
    }()
}
