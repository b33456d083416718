import AtomJournal
import Atoms
import Foundation
import Testing

@Suite("State file errors")
struct AtomStateFileErrorTests {
    private func read(_ text: String) throws(AtomStateFileError) -> AtomStateFile {
        try AtomStateFile(jsonData: Data(text.utf8))
    }

    @Test func aMissingFileSaysSo() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("nothing-here.json")
        #expect(throws: AtomStateFileError.fileNotFound(path: url.path)) {
            try AtomStateFile.read(from: url)
        }
    }

    @Test func aFolderIsUnreadable() throws {
        let folder = try TemporaryFolder()
        #expect {
            try AtomStateFile.read(from: folder.url)
        } throws: { error in
            guard case AtomStateFileError.unreadable(let path, let detail) = error else { return false }
            return path == folder.url.path && detail == "it is a folder"
        }
    }

    @Test(arguments: ["{ \"atoms\": ", "atoms = 3", "\u{FEFF}{]", "{} {}"])
    func textThatIsNotJSONIsNotJSON(_ text: String) {
        #expect {
            try read(text)
        } throws: { error in
            guard case AtomStateFileError.notJSON = error else { return false }
            return true
        }
    }

    @Test(arguments: ["", "  \n\t"])
    func anEmptyFileSaysItIsEmpty(_ text: String) {
        #expect(throws: AtomStateFileError.notJSON(detail: "the file is empty")) {
            try read(text)
        }
    }

    @Test func notJSONFromAFileOnDisk() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("not json at all", to: "state.json")
        #expect {
            try AtomStateFile.read(from: url)
        } throws: { error in
            guard case AtomStateFileError.notJSON = error else { return false }
            return true
        }
    }

    @Test(arguments: ["[1, 2]", "3", #"{"atoms": {}}"#, #"{"version": "1.0", "atoms": {}}"#])
    func jsonWithoutTheMarkerIsTheWrongFormat(_ text: String) {
        #expect(throws: AtomStateFileError.wrongFormat(found: nil)) {
            try read(text)
        }
    }

    @Test func aDifferentMarkerIsTheWrongFormat() {
        #expect(throws: AtomStateFileError.wrongFormat(found: "package-lock")) {
            try read(#"{"format": "package-lock", "version": "1.0", "atoms": {}}"#)
        }
    }

    @Test func aNewerMajorVersionIsRefusedBeforeItsKeysAreRead() {
        let expected = AtomStateFileError.newerVersion(
            found: AtomStateFileVersion(major: 2, minor: 0),
            supported: AtomStateFile.currentVersion
        )
        #expect(throws: expected) {
            try read(#"{"format": "atomscope-state", "version": "2.0", "atoms": [["CountAtom", 3]]}"#)
        }
    }

    @Test(arguments: [
        #"{"format": "atomscope-state", "atoms": {}}"#,
        #"{"format": "atomscope-state", "version": 1, "atoms": {}}"#,
        #"{"format": "atomscope-state", "version": "1", "atoms": {}}"#,
        #"{"format": "atomscope-state", "version": "0.9", "atoms": {}}"#,
        #"{"format": "atomscope-state", "version": "1.0"}"#,
        #"{"format": "atomscope-state", "version": "1.0", "atoms": [3]}"#,
        #"{"format": "atomscope-state", "version": "1.0", "atoms": {}, "redacted": "TokenAtom"}"#,
        #"{"format": "atomscope-state", "version": "1.0", "atoms": {}, "redacted": [3]}"#,
        #"{"format": "atomscope-state", "version": "1.0", "atoms": {}, "displayOnly": {"A": 3}}"#,
        #"{"format": "atomscope-state", "version": "1.0", "atoms": {"A": 1}, "redacted": ["A"]}"#,
        #"{"format": "atomscope-state", "version": "1.0", "atoms": {}, "provenance": {"step": "twelve"}}"#,
        #"{"format": "atomscope-state", "version": "1.0", "atoms": {}, "provenance": {"time": "yesterday"}}"#,
    ])
    func aDamagedLayoutIsReportedAsSuch(_ text: String) {
        #expect {
            try read(text)
        } throws: { error in
            guard case AtomStateFileError.invalidLayout = error else { return false }
            return true
        }
    }

    @Test func anUnwritablePathSaysSo() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("no-such-folder/state.json")
        #expect {
            try AtomStateFile(entries: [:]).write(to: url)
        } throws: { error in
            guard case AtomStateFileError.unwritable(let path, _) = error else { return false }
            return path == url.path
        }
    }

    @Test func anUnwritablePathGivesTheSystemsReason() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("no-such-folder/state.json")
        #expect(throws: AtomStateFileError.unwritable(path: missing.path, detail: "No such file or directory")) {
            try AtomStateFile(entries: [:]).write(to: missing)
        }
        let directory = URL(fileURLWithPath: folder.url.path)
        #expect(throws: AtomStateFileError.unwritable(path: directory.path, detail: "Is a directory")) {
            try AtomStateFile(entries: [:]).write(to: directory)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func descriptionsSayWhatToDo() {
        let newer = AtomStateFileError.newerVersion(
            found: AtomStateFileVersion(major: 2, minor: 1),
            supported: AtomStateFile.currentVersion
        )
        #expect(newer.description == "The state file has format version 2.1, newer than this reader's 1.0. Update atomscope to read it.")
        #expect(AtomStateFileError.wrongFormat(found: "x").localizedDescription.contains("expected \"atomscope-state\""))
        #expect(AtomStateFileError.fileNotFound(path: "/tmp/a.json").description.hasPrefix("No state file at /tmp/a.json."))
    }

    @Test func versionTextIsMajorDotMinor() {
        #expect(AtomStateFileVersion("1.0") == AtomStateFileVersion(major: 1, minor: 0))
        #expect(AtomStateFileVersion("12.34") == AtomStateFileVersion(major: 12, minor: 34))
        for bad in ["1", "1.", ".1", "1.0.0", "a.b", "-1.0", "1.+2", "١.٠"] {
            #expect(AtomStateFileVersion(bad) == nil, "\(bad)")
        }
        #expect(AtomStateFileVersion(major: 1, minor: 9) < AtomStateFileVersion(major: 2, minor: 0))
    }
}
