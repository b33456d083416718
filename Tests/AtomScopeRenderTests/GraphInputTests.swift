import AtomJournal
import AtomScopeKit
@testable import AtomScopeRender
import Foundation
import Testing

@Suite("Graph input")
struct GraphInputTests {
    private func file(_ bytes: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appending(path: "graph-input-\(UUID().uuidString)")
        try bytes.write(to: url)
        return url.path
    }

    private func standardInput(_ bytes: Data) throws -> FileHandle {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: bytes)
        try pipe.fileHandleForWriting.close()
        return pipe.fileHandleForReading
    }

    @Test func aJournalFileIsRecognisedWhateverTheLimit() throws {
        let path = try file(Data(JournalFormat.magic) + Data(repeating: 7, count: 1_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try GraphInput.read(path: path, limit: 10) == .journalFile(path: path))
    }

    @Test func standardInputIsReadUpToTheLimit() throws {
        let journal = Data(JournalFormat.magic) + Data(repeating: 7, count: 20)
        #expect(try GraphInput.read(path: nil, limit: 100, standardInput: standardInput(journal)) == .journalBytes(journal))
        #expect(try GraphInput.read(path: "-", limit: 100, standardInput: standardInput(Data("digraph {}".utf8))) == .dot("digraph {}"))
        #expect(throws: AtomScopeError.inputTooLarge(name: "standard input", limit: 10)) {
            try GraphInput.read(path: nil, limit: 10, standardInput: standardInput(journal))
        }
    }

    /// Any limit is safe: the largest `Int` reads what there is, where `limit + 1` overflowed;
    /// a limit below 1 reads nothing.
    @Test func everyLimitIsSafe() throws {
        let dot = Data("digraph { a -> b }".utf8)
        #expect(try GraphInput.read(path: nil, limit: .max, standardInput: standardInput(dot)) == .dot("digraph { a -> b }"))
        #expect(try GraphInput.read(path: nil, limit: .max - 1, standardInput: standardInput(dot)) == .dot("digraph { a -> b }"))
        #expect(throws: AtomScopeError.inputTooLarge(name: "standard input", limit: 0)) {
            try GraphInput.read(path: nil, limit: .min, standardInput: standardInput(dot))
        }
    }

    @Test func emptyMissingAndBinaryInputsAreTypedErrors() throws {
        #expect(throws: AtomScopeError.emptyInput(name: "standard input")) {
            try GraphInput.read(path: nil, limit: 100, standardInput: standardInput(Data(" \n\t".utf8)))
        }
        #expect(throws: AtomScopeError.fileNotFound(path: "/no/such/graph.dot")) {
            try GraphInput.read(path: "/no/such/graph.dot", limit: 100)
        }
        let binary = try file(Data([0xFF, 0xFE, 0x00, 0x80]))
        defer { try? FileManager.default.removeItem(atPath: binary) }
        #expect(throws: AtomScopeError.notJournalOrDOT(name: binary)) {
            try GraphInput.read(path: binary, limit: 100)
        }
    }
}
