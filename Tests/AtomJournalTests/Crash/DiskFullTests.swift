#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AtomJournal
import Foundation
import Testing

// A full disk or a failed write loses nothing already written. The ExampleCounter records
// until its writes fail, on a real 64 KiB tmpfs (mounted inside `unshare --mount`, so that
// nothing stays mounted if the test dies; root only, and under CI=true a test that cannot
// mount fails instead of skipping) and under RLIMIT_FSIZE (`ulimit -f`, SIGXFSZ ignored, for
// short writes). Afterwards the journal opens, ends at a whole frame, every step decodes with
// its commits in order, the app was told (its close failed with the write error), and the
// app went on committing to the end.

@Suite("Disk full: a failed write loses nothing already written")
struct DiskFullTests {
    static let policies = ["never", "interval", "write", "sync"]

    /// ThreadSanitizer's runtime does not start under a small file size limit (scripts/tsan).
    @Test("A file size limit stops recording at a whole frame, under every flush policy",
          .enabled(if: ProcessInfo.processInfo.environment["ATOMSCOPE_SANITIZED"] == nil), arguments: policies)
    func fileSizeLimit(policy: String) throws {
        // 12 KiB: the counter's 3,000 actions need about 140 KiB.
        try limitFileSize(policy: policy, kilobytes: 12, atLeast: 0)
    }

    /// The per-commit policies copy into a mapped reserve; with room for its first 64 KiB, the
    /// limit is met when the reserve grows, and the journal still ends at a whole frame, with
    /// no reserved zeros after it.
    @Test("A file size limit met while the journal is mapped stops recording at a whole frame",
          .enabled(if: ProcessInfo.processInfo.environment["ATOMSCOPE_SANITIZED"] == nil), arguments: ["write", "sync"])
    func fileSizeLimitWhileMapped(policy: String) throws {
        try limitFileSize(policy: policy, kilobytes: 100, atLeast: 64 << 10)
    }

    /// Records under a file size limit of `kilobytes` until it is met.
    private func limitFileSize(policy: String, kilobytes: Int, atLeast: Int) throws {
        let configuration = CrashTestConfiguration()
        let binary = try #require(configuration.counterBinary, "ExampleCounter not found (\(configuration.searched))")
        let folder = try CrashScratchFolder()
        defer { folder.remove() }
        let journal = folder.url.appending(path: "limited.journal")
        // `ulimit -f` counts 512-byte blocks.
        let script = #"trap '' XFSZ; ulimit -f "$1"; shift; exec "$0" "$@""#
        let run = try DiskFullRun(
            command: ["/bin/sh", "-c", script, binary.path, String(kilobytes * 2), journal.path, "--steps", "3000", "--report", "--flush", policy]
        )
        try run.expectRecordingStoppedCleanly(journal: journal, bytesAtMost: kilobytes << 10, atLeast: atLeast)
    }

    @Test("A tmpfs that fills while the journal is mapped stops recording at a whole frame", arguments: ["write", "sync"])
    func fullDiskWhileMapped(policy: String) throws {
        try fillDisk(policy: policy, size: "256k", filler: 159_744, limit: 256 << 10, atLeast: 64 << 10)
    }

    @Test("A full tmpfs stops recording at a whole frame; freeing space before close writes nothing more", arguments: policies)
    func fullDisk(policy: String) throws {
        try fillDisk(policy: policy, size: "64k", filler: 45056, limit: 64 << 10, atLeast: 0)
    }

    /// Records on a tmpfs of `size` with `filler` bytes taken, until it is full.
    private func fillDisk(policy: String, size: String, filler: Int, limit: Int, atLeast: Int) throws {
        guard getuid() == 0 else {
            try #require(ProcessInfo.processInfo.environment["CI"] != "true", "CI runs as root and must mount the tmpfs")
            return
        }
        let configuration = CrashTestConfiguration()
        let binary = try #require(configuration.counterBinary, "ExampleCounter not found (\(configuration.searched))")
        let folder = try CrashScratchFolder()
        defer { folder.remove() }
        let mountPoint = folder.url.appending(path: "disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let copy = folder.url.appending(path: "full.journal")
        // Inside a private mount namespace: a 64 KiB tmpfs, a filler that leaves about 20 KiB,
        // the counter recording there (it frees the filler before it closes), then a copy of
        // the journal out of the namespace.
        let script = #"""
            set -e
            disk="$1"; copy="$2"; counter="$3"; policy="$4"
            mount -t tmpfs -o size="$5" atomscope-test "$disk"
            head -c "$6" /dev/zero > "$disk/filler" 2>/dev/null || true
            status=0
            "$counter" "$disk/app.journal" --steps 3000 --report --flush "$policy" --free-before-close "$disk/filler" || status=$?
            cp "$disk/app.journal" "$copy"
            exit "$status"
            """#
        let run = try DiskFullRun(
            command: ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh",
                      mountPoint.path, copy.path, binary.path, policy, size, String(filler)]
        )
        #expect(!run.errors.contains("mount:"), "could not mount the tmpfs: \(run.errors)")
        try run.expectRecordingStoppedCleanly(journal: copy, bytesAtMost: limit, atLeast: atLeast)
    }
}

/// One counter run that fills its disk: what it reported and how it ended.
struct DiskFullRun {
    let reported: Int
    let status: Int32
    let errors: String

    init(command: [String]) throws {
        let process = Process()
        process.executableURL = URL(filePath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        let errorPipe = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
        let reader = CrashPipeReader(output.fileHandleForReading)
        let deadline = ContinuousClock.now + .seconds(300)
        var reported = 0
        while let line = try reader.nextLine(before: deadline) {
            reported = try CrashRun.reportedSteps(line, after: reported)
        }
        process.waitUntilExit()
        self.reported = reported
        status = process.terminationStatus
        errors = CrashPipeReader(errorPipe.fileHandleForReading).drain()
    }

    /// The app committed to the end and learned of the error; the journal ends at a whole
    /// frame, short of the disk, with every step readable and in commit order.
    func expectRecordingStoppedCleanly(journal: URL, bytesAtMost limit: Int, atLeast minimum: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(reported == 3003, "the app stopped committing at \(reported): \(errors)", sourceLocation: sourceLocation)
        #expect(status == 1, "the app's close should have failed: \(errors)", sourceLocation: sourceLocation)
        #expect(errors.contains("cannot write") || errors.contains("write"), "\(errors)", sourceLocation: sourceLocation)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int)
        #expect(size <= limit && size >= minimum, "\(size) bytes", sourceLocation: sourceLocation)
        let opened = try Journal(url: journal)
        // Cut back to its last whole frame: no reserved zeros after it.
        #expect(opened.index.unwrittenBytes == 0, sourceLocation: sourceLocation)
        #expect(opened.index.ending == .open, "a stopped journal ends at a whole frame, without a close record", sourceLocation: sourceLocation)
        #expect(opened.stepCount > 0 && opened.stepCount < 3003, "\(opened.stepCount) steps", sourceLocation: sourceLocation)
        let ending = try CrashRun(binary: journal, journal: journal, target: 0).check(reported: 0)
        #expect(ending == .open, sourceLocation: sourceLocation)
    }
}
