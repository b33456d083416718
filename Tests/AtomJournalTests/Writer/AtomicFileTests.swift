@testable import AtomJournal
import Foundation
import Synchronization
import SystemPackage
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way files are written beside a destination: a new file (O_EXCL, O_NOFOLLOW) under
/// a random name, with its final mode from the start, renamed into place.
@Suite("AtomicFile")
struct AtomicFileTests {
    /// `lstat`'s view of a path: its type and permission bits, or `nil` when nothing is there.
    private func status(_ path: String) -> (kind: mode_t, mode: mode_t, links: Int)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (status.st_mode & S_IFMT, status.st_mode & 0o7777, Int(status.st_nlink))
    }

    private func contents(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// The names of the random parts `AtomicFile` will try, in order.
    private func randoms(_ values: [UInt64]) -> () -> UInt64 {
        var remaining = values[...]
        return { remaining.popFirst() ?? 0xFFFF }
    }

    @Test("the temporary is a new regular file with mode 0600 from the moment it exists")
    func temporaryHasItsFinalModeFromTheStart() throws {
        let folder = try TemporaryFolder()
        let destination = folder.file("state.json").path
        let file = try AtomicFile(beside: destination, permissions: .ownerReadWrite)
        // Nothing written yet: this is the file as `open` made it.
        let made = try #require(status(file.temporaryPath))
        #expect(made.kind == S_IFREG)
        #expect(made.mode == 0o600)
        #expect(made.links == 1)
        #expect(FileManager.default.fileExists(atPath: destination) == false)
        try file.write(Array("{}".utf8))
        try file.commit(durable: true)
        #expect(status(destination)?.mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["state.json"])
    }

    @Test("the temporary's name is beside the destination, hidden, and random: not the process id")
    func temporaryNamesAreRandom() throws {
        let folder = try TemporaryFolder()
        let destination = folder.file("cut.journal").path
        let first = try AtomicFile(beside: destination, permissions: .ownerReadWrite)
        let second = try AtomicFile(beside: destination, permissions: .ownerReadWrite)
        #expect(first.temporaryPath != second.temporaryPath)
        for file in [first, second] {
            let name = URL(filePath: file.temporaryPath).lastPathComponent
            #expect(URL(filePath: file.temporaryPath).deletingLastPathComponent().standardizedFileURL == folder.url.standardizedFileURL)
            #expect(name.hasPrefix(".cut.journal."))
            #expect(name.hasSuffix(".partial"))
            #expect(!name.contains(".\(getpid())."))
        }
        #expect(AtomicFile.temporaryName(for: "a", random: 0xAB) == ".a.00000000000000ab.partial")
        let long = String(repeating: "é", count: 200)
        #expect(AtomicFile.temporaryName(for: long, random: 1).utf8.count <= 255)
    }

    @Test("a file already at a temporary name is left alone: another name is used")
    func plantedFileIsNeverClobbered() throws {
        let folder = try TemporaryFolder()
        let destination = folder.file("state.json")
        let planted = folder.file(AtomicFile.temporaryName(for: "state.json", random: 1))
        try Data("planted".utf8).write(to: planted)
        let file = try AtomicFile(beside: destination.path, permissions: .ownerReadWrite, random: randoms([1, 2]))
        #expect(file.temporaryPath == folder.file(AtomicFile.temporaryName(for: "state.json", random: 2)).path)
        try file.write(Array("new".utf8))
        try file.commit(durable: false)
        #expect(try contents(planted) == "planted")
        #expect(try contents(destination) == "new")
    }

    @Test("a symbolic link at a temporary name is not followed, even one that points nowhere")
    func plantedLinkIsNeverFollowed() throws {
        let folder = try TemporaryFolder()
        let victim = folder.file("victim")
        try Data("victim".utf8).write(to: victim)
        let destination = folder.file("out.svg")
        let link = folder.file(AtomicFile.temporaryName(for: "out.svg", random: 7))
        let dangling = folder.file(AtomicFile.temporaryName(for: "out.svg", random: 8))
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: victim.path)
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: folder.file("created-through-link").path)
        let file = try AtomicFile(beside: destination.path, permissions: .ownerReadWrite, random: randoms([7, 8, 9]))
        try file.write(Array("graph".utf8))
        try file.commit(durable: false)
        #expect(try contents(victim) == "victim")
        #expect(status(link.path)?.kind == S_IFLNK)
        #expect(!FileManager.default.fileExists(atPath: folder.file("created-through-link").path))
        #expect(try contents(destination) == "graph")
    }

    @Test("when every name tried exists, creating fails with EEXIST and touches none of them")
    func givesUpWhenEveryNameIsTaken() throws {
        let folder = try TemporaryFolder()
        let planted = folder.file(AtomicFile.temporaryName(for: "x", random: 5))
        try Data("planted".utf8).write(to: planted)
        #expect(throws: AtomicFileError(path: folder.file("x").path, errno: .fileExists)) {
            try AtomicFile(beside: folder.file("x").path, permissions: .ownerReadWrite, random: { 5 })
        }
        #expect(try contents(planted) == "planted")
    }

    @Test("a file that is not committed is removed, and the destination never appears")
    func uncommittedFileIsRemoved() throws {
        let folder = try TemporaryFolder()
        let destination = folder.file("cut.journal").path
        var temporary = ""
        do {
            let file = try AtomicFile(beside: destination, permissions: .ownerReadWrite)
            temporary = file.temporaryPath
            try file.write(Array("half".utf8))
        }
        #expect(status(temporary) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("replacing makes a new file: the old one's mode and other links are untouched")
    func replacingMakesANewFile() throws {
        let folder = try TemporaryFolder()
        let destination = folder.file("state.json")
        let other = folder.file("other-link")
        try Data("old".utf8).write(to: destination)
        #expect(chmod(destination.path, 0o644) == 0)
        try FileManager.default.linkItem(at: destination, to: other)
        try AtomicFile.write(Array("new".utf8), to: destination.path, permissions: .ownerReadWrite, durable: true)
        #expect(try contents(destination) == "new")
        #expect(status(destination.path)?.mode == 0o600)
        #expect(status(destination.path)?.links == 1)
        #expect(try contents(other) == "old")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path)) == ["state.json", "other-link"])
    }

    @Test("errors name the destination, never the temporary, with the system's reason")
    func errorsNameTheDestination() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("no-such-folder/state.json").path
        #expect(throws: AtomicFileError(path: missing, errno: .noSuchFileOrDirectory)) {
            try AtomicFile.write(Array("x".utf8), to: missing, permissions: .ownerReadWrite, durable: false)
        }
        #expect(AtomicFileError(path: missing, errno: .noSuchFileOrDirectory).reason == "No such file or directory")
        try FileManager.default.createDirectory(at: folder.file("a-folder"), withIntermediateDirectories: false)
        #expect(throws: AtomicFileError(path: folder.file("a-folder").path, errno: .isDirectory)) {
            try AtomicFile.write(Array("x".utf8), to: folder.file("a-folder").path, permissions: .ownerReadWrite, durable: false)
        }
        #expect(AtomicFileError(path: "a", errno: .isDirectory).description == "cannot write a: Is a directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["a-folder"])
    }

    @Test("a destination that is not a regular file (a pipe, as /dev/stdout can be) is written as it is, never replaced")
    func pipeIsWrittenInPlace() throws {
        // A pipe in the test's own folder rather than /dev/null: were this broken, the test
        // run as root would replace the machine's /dev/null.
        let folder = try TemporaryFolder()
        let pipe = folder.file("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        // A reader first, so that opening the pipe for writing does not wait.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try AtomicFile.write(Array("through".utf8), to: pipe, permissions: .ownerReadWrite, durable: true)
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = read(reader, &bytes, bytes.count)
        #expect(count == 7)
        #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "through")
        #expect(status(pipe)?.kind == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["pipe"])
    }

    @Test("a symbolic link to a device or a pipe is refused, never written through, and left as it is")
    func aLinkToADeviceIsRefused() throws {
        let folder = try TemporaryFolder()
        // /dev/null as the target: were this broken, the bytes would go nowhere that matters.
        let link = folder.file("out.svg").path
        #expect(symlink("/dev/null", link) == 0)
        #expect {
            try AtomicFile.write(Array("x".utf8), to: link, permissions: .ownerReadWrite, durable: false)
        } throws: { error in
            (error as? AtomicFileError)?.reason.contains("symbolic link to a device") == true
        }
        #expect(status(link)?.kind == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/null")

        // A link to a pipe that is read: still refused, and the reader gets nothing.
        let pipe = folder.file("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let pipeLink = folder.file("pipe-link").path
        #expect(symlink(pipe, pipeLink) == 0)
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Array("x".utf8), to: pipeLink, permissions: .ownerReadWrite, durable: false)
        }
        var byte: UInt8 = 0
        #expect(read(reader, &byte, 1) <= 0)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path)) == ["out.svg", "pipe", "pipe-link"])
    }

    /// The outcome of a write on another thread, for a write that may block.
    final class Outcome: Sendable {
        let result = Mutex<Result<Void, AtomicFileError>?>(nil)
    }

    @Test("a pipe that nothing reads fails at once instead of blocking the writer")
    func aPipeNobodyReadsFailsAtOnce() throws {
        let folder = try TemporaryFolder()
        let pipe = folder.file("planted").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = Result<Void, AtomicFileError> { () throws(AtomicFileError) in
                try AtomicFile.write(Array("x".utf8), to: pipe, permissions: .ownerReadWrite, durable: false)
            }
            outcome.result.withLock { $0 = result }
            done.signal()
        }
        // Only a writer that blocks makes this wait: the deadline is for a regression.
        if done.wait(timeout: .now() + 20) == .timedOut {
            Issue.record("the write blocked on a pipe that nothing reads")
            // Release it: a reader lets the blocked open go on.
            let reader = open(pipe, O_RDONLY | O_NONBLOCK)
            done.wait()
            close(reader)
        }
        let result = try #require(outcome.result.withLock { $0 })
        #expect(throws: AtomicFileError(path: pipe, refusal: "it is a pipe that nothing reads")) { try result.get() }
        #expect(status(pipe)?.kind == S_IFIFO)
    }

    @Test("a block device is refused, named or linked to",
          .enabled(if: getuid() == 0, "making a device node needs root"))
    func aBlockDeviceIsRefused() throws {
        let folder = try TemporaryFolder()
        // Major 240 is for local use and has no driver here: opening it fails, so no real
        // device is ever at risk, and only the refusal's reason tells the policy from that.
        let device = folder.file("disk").path
        guard mknod(device, S_IFBLK | 0o600, dev_t(240 << 8)) == 0 else { return }
        #expect {
            try AtomicFile.write(Array("x".utf8), to: device, permissions: .ownerReadWrite, durable: false)
        } throws: { error in
            (error as? AtomicFileError)?.reason.contains("block device") == true
        }
        let link = folder.file("out.svg").path
        #expect(symlink(device, link) == 0)
        #expect {
            try AtomicFile.write(Array("x".utf8), to: link, permissions: .ownerReadWrite, durable: false)
        } throws: { error in
            (error as? AtomicFileError)?.reason.contains("symbolic link to a device") == true
        }
        #expect(status(device)?.kind == S_IFBLK)
        #expect(status(link)?.kind == S_IFLNK)
    }

    @Test("a commit never renames over a device or a pipe")
    func commitDoesNotReplaceAPipe() throws {
        let folder = try TemporaryFolder()
        let pipe = folder.file("journal").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let file = try AtomicFile(beside: pipe, permissions: .ownerReadWrite)
        try file.write(Array("x".utf8))
        #expect(throws: AtomicFileError.self) { try file.commit(durable: false) }
        #expect(status(pipe)?.kind == S_IFIFO)
    }
}
