@testable import AtomJournal
import Atoms
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a journal comes to exist: mode 0600, never through a symbolic link, and never over an
/// existing file unless the app asked.
@Suite("JournalWriter creation")
struct JournalWriterCreationTests {
    private func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    private func contents(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    @Test("an existing file is not overwritten unless asked, and the error says how to ask")
    func existingFileIsKept() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("app.journal")
        try Data("an earlier recording".utf8).write(to: url)
        #expect(throws: JournalError.alreadyExists(path: url.path)) {
            try JournalWriter(url: url)
        }
        #expect(try contents(url) == "an earlier recording")
        let description = JournalError.alreadyExists(path: url.path).description
        #expect(description.contains(url.path))
        #expect(description.contains("replaceExisting: true"))
        #expect(!description.contains("\n"))
    }

    @Test("replaceExisting replaces the file with a new 0600 one, leaving the old file's other links alone")
    func replaceExistingMakesANewFile() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("app.journal")
        let other = folder.file("hard-link")
        try Data("an earlier recording".utf8).write(to: url)
        #expect(chmod(url.path, 0o644) == 0)
        try FileManager.default.linkItem(at: url, to: other)
        let writer = try JournalWriter(url: url, replaceExisting: true)
        try writer.close()
        #expect(mode(url.path) == 0o600)
        #expect(try Journal(url: url).index.ending == .closed)
        // A truncate in place would have emptied the other name too.
        #expect(try contents(other) == "an earlier recording")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path)) == ["app.journal", "hard-link"])
    }

    @Test("a symbolic link at the path is refused, with or without replaceExisting, and its target is untouched")
    func symbolicLinkIsRefused() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("target")
        try Data("someone else's file".utf8).write(to: target)
        let link = folder.file("app.journal")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        for replace in [false, true] {
            #expect(throws: JournalError.symbolicLink(path: link.path)) {
                try JournalWriter(url: link, replaceExisting: replace)
            }
        }
        #expect(try contents(target) == "someone else's file")
        let description = JournalError.symbolicLink(path: link.path).description
        #expect(description.contains("symbolic link"))
        #expect(!description.contains("\n"))
    }

    @Test("a link to a file that does not exist yet is refused too: following it would create the file")
    func danglingLinkIsRefused() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("would-be-created")
        let link = folder.file("app.journal")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: JournalError.symbolicLink(path: link.path)) {
            try JournalWriter(url: link)
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test("a folder at the path is an error that says so")
    func folderIsRefused() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("app.journal")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        for replace in [false, true] {
            #expect {
                try JournalWriter(url: url, replaceExisting: replace)
            } throws: { error in
                guard case JournalError.cannotOpen(let path, let reason) = error else { return false }
                return path == url.path && reason == "Is a directory"
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["app.journal"])
    }

    @MainActor
    @Test("the recorder refuses a planted symbolic link and an existing journal, and replaces one when asked")
    func recorderOptions() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("elsewhere")
        try Data("not a journal".utf8).write(to: target)
        let link = folder.file("link.journal")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: JournalError.symbolicLink(path: link.path)) {
            try JournalRecorder(root: AtomRoot(), url: link)
        }
        #expect(throws: JournalError.symbolicLink(path: link.path)) {
            try JournalRecorder(root: AtomRoot(), url: link, options: JournalRecorderOptions(replaceExisting: true))
        }
        #expect(try contents(target) == "not a journal")

        let url = folder.file("app.journal")
        let first = try JournalRecorder(root: AtomRoot(), url: url)
        first.mark("first")
        try first.close()
        #expect(mode(url.path) == 0o600)
        #expect(throws: JournalError.alreadyExists(path: url.path)) {
            try JournalRecorder(root: AtomRoot(), url: url)
        }
        #expect(try Journal(url: url).index.marks.map(\.mark.label) == ["first"])
        #expect(JournalRecorderOptions().replaceExisting == false)

        let second = try JournalRecorder(root: AtomRoot(), url: url, options: JournalRecorderOptions(replaceExisting: true))
        second.mark("second")
        try second.close()
        #expect(mode(url.path) == 0o600)
        #expect(try Journal(url: url).index.marks.map(\.mark.label) == ["second"])
    }
}
