import AtomJournal
import Atoms
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@Suite("State file layout")
struct AtomStateFileLayoutTests {
    /// The example in docs/STATE-FILE.md; keep the two in step.
    static let documentedExample = """
    {
      "atoms" : {
        "FilterAtom" : "open",
        "TodosAtom" : [
          {
            "isDone" : false,
            "title" : "Milk"
          }
        ]
      },
      "displayOnly" : {
        "ConnectionAtom" : "Connection(localhost)"
      },
      "format" : "atomscope-state",
      "provenance" : {
        "commit" : 17,
        "journal" : "todo.journal",
        "step" : 12,
        "time" : "2025-01-31T09:30:00.250Z"
      },
      "redacted" : [
        "TokenAtom"
      ],
      "version" : "1.0"
    }

    """

    static func exampleFile() throws -> AtomStateFile {
        AtomStateFile(
            entries: [
                "TodosAtom": .value(try JSONFragment(jsonText: #"[{"title": "Milk", "isDone": false}]"#)),
                "FilterAtom": .value(try JSONFragment(encoding: TodoFilter.open)),
                "ConnectionAtom": .displayOnly("Connection(localhost)"),
                "TokenAtom": .redacted,
            ],
            provenance: AtomStateProvenance(
                journal: "todo.journal",
                step: 12,
                commit: 17,
                time: Date(timeIntervalSince1970: 1_738_315_800.25)
            )
        )
    }

    @Test func writesSortedKeysOneValuePerLine() throws {
        let text = String(decoding: try Self.exampleFile().jsonData(), as: UTF8.self)
        #expect(text == Self.documentedExample)
    }

    @Test func theDocumentedExampleIsWhatTheWriterWrites() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent() // StateFile
            .deletingLastPathComponent() // AtomJournalTests
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent()
            .appendingPathComponent("docs/STATE-FILE.md")
        let markdown = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(markdown.range(of: "```json\n"))
        let end = try #require(markdown.range(of: "\n```", range: start.upperBound..<markdown.endIndex))
        let example = String(markdown[start.upperBound..<end.lowerBound]) + "\n"
        #expect(example == Self.documentedExample)
        #expect(try AtomStateFile(jsonData: Data(example.utf8)) == Self.exampleFile())
    }

    @Test func readingWhatWasWrittenGivesTheSameFileAndTheSameBytes() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("state.json")
        let file = try Self.exampleFile()
        try file.write(to: url)

        let read = try AtomStateFile.read(from: url)

        #expect(read == file)
        #expect(read.jsonData() == file.jsonData())
        #expect(read.version == AtomStateFile.currentVersion)
    }

    @Test func emptySectionsAndProvenanceAreLeftOut() throws {
        let text = String(decoding: AtomStateFile(entries: [:]).jsonData(), as: UTF8.self)
        #expect(text == """
        {
          "atoms" : {

          },
          "format" : "atomscope-state",
          "version" : "1.0"
        }

        """)
    }

    @Test func writtenFilesAreReadableByTheOwnerOnly() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("state.json")
        try AtomStateFile(entries: [:]).write(to: url)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func writingReplacesAnOldFileWithANewPrivateOneAndLeavesNoTemporary() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("state.json")
        let other = folder.file("hard-link")
        try Data("old".utf8).write(to: url)
        #expect(chmod(url.path, 0o644) == 0)
        try FileManager.default.linkItem(at: url, to: other)
        try AtomStateFile(entries: [:]).write(to: url)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
        #expect(try AtomStateFile.read(from: url).entries.isEmpty)
        #expect(String(decoding: try Data(contentsOf: other), as: UTF8.self) == "old")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path)) == ["state.json", "hard-link"])
    }

    @Test func aNewerMinorVersionIsReadAndItsNewKeysAreIgnored() throws {
        let data = Data("""
        {"format": "atomscope-state", "version": "1.7", "checksum": "abc",
         "atoms": {"CountAtom": 3}, "provenance": {"step": 4, "host": "ci"}}
        """.utf8)
        let file = try AtomStateFile(jsonData: data)
        #expect(file.version == AtomStateFileVersion(major: 1, minor: 7))
        #expect(file.entries == ["CountAtom": .value(try JSONFragment(encoding: 3))])
        #expect(file.provenance == AtomStateProvenance(step: 4))
    }

    @Test func timesWithoutFractionalSecondsAreAccepted() throws {
        let data = Data(#"{"format": "atomscope-state", "version": "1.0", "atoms": {}, "provenance": {"time": "2025-01-31T09:30:00Z"}}"#.utf8)
        let file = try AtomStateFile(jsonData: data)
        #expect(file.provenance?.time == Date(timeIntervalSince1970: 1_738_315_800))
    }

    @Test func theFileIsAValueSourceOfItsEntries() throws {
        let file = try Self.exampleFile()
        #expect(Set(file.atomIDs) == ["TodosAtom", "FilterAtom", "ConnectionAtom", "TokenAtom"])
        guard case .encoded(let value)? = file.entry(for: "FilterAtom") else {
            Issue.record("expected an encoded value")
            return
        }
        #expect(try value.decode(TodoFilter.self) == .open)
        guard case .redacted? = file.entry(for: "TokenAtom") else {
            Issue.record("expected a redaction")
            return
        }
        #expect(file.entry(for: "Missing") == nil)
    }
}
