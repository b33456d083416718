#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemPackage

/// Appends records to a journal file, buffering them and writing according to a
/// ``JournalFlushPolicy``.
///
/// Under ``JournalFlushPolicy/writeEachCommit`` and ``JournalFlushPolicy/syncEachCommit`` the
/// file's end is reserved and mapped (`JournalMapping`), and a commit's frames reach the
/// kernel by a copy into the mapping rather than a `write(2)`: the same guarantee, without a
/// system call per commit. Where the file system cannot reserve or map, it writes. While it
/// records, the file ends in reserved zeros, which readers read as not yet written; `close()`
/// cuts them. The writer holds an advisory `flock` on the file until it closes, so that
/// `atomscope verify --repair` does not cut a journal being recorded.
///
/// The file is created with mode 0600, because journals hold app state, and an existing file
/// is replaced only when asked. A writer is used from one thread at a time; the recorder uses
/// it from the main actor.
///
/// Exclusivity: the mutable fields are not checked at run time (about 20 checks a commit,
/// 90 instructions each, on the recorder's path). A writer is not `Sendable`, so accesses
/// never come from two threads at once; on one thread two accesses to a field overlap only if
/// code runs inside one that can reach the writer again. None does: the accesses are reads,
/// assignments, `swap`s and appends, and those that run other code during an access pass it
/// only what it needs: a record's encoder gets the frame (the buffer, moved out between
/// `beginFrame` and `endFrame`) and `deltaBase`, and never touches the writer; a step bound
/// straight for the mapping is encoded into `frameScratch` from the draft and a local copy
/// of `deltaBase`, and copied out of it to the mapping (or, when the mapping cannot grow, to
/// `buffer`, another field); `writeHook` (tests only) gets a copy of the buffer. No record
/// is appended while a frame is open: the buffer, moved out, would look empty.
public final class JournalWriter {
    /// The journal's header, as written.
    public let header: JournalHeader
    /// The file being written.
    public let path: String
    /// The policy that decides when buffered records reach the file.
    public let flushPolicy: JournalFlushPolicy
    /// Bytes appended so far, header included, whether or not they reached the file yet.
    @exclusivity(unchecked) public private(set) var bytesWritten: Int
    /// Steps appended so far, whether or not they reached the file yet.
    @exclusivity(unchecked) public private(set) var stepCount = 0
    /// Steps whose records the kernel holds: they survive the app's death.
    @exclusivity(unchecked) public private(set) var stepsInFile = 0
    /// Bytes the kernel holds: the header and whole frames, never part of one.
    @exclusivity(unchecked) public private(set) var bytesInFile = 0
    /// The write error that stopped the writer, if one did. After it nothing more is written:
    /// the file ends at the last whole frame that reached it.
    @exclusivity(unchecked) public private(set) var failure: JournalError?
    /// Whether ``close()`` was called.
    @exclusivity(unchecked) public private(set) var isClosed = false

    @exclusivity(unchecked) private var descriptor: FileDescriptor?
    /// The file's reserved, mapped end, where frames are copied; `nil` when the writer writes
    /// with `write(2)` (the policy buffers many commits, the file system cannot map, a test
    /// injects faults).
    @exclusivity(unchecked) private var mapping: JournalMapping?
    /// Replaces `write(2)` in tests that inject faults (a short write, a full disk); `nil`
    /// writes to the file. Setting it stops the mapping: the hook sees every write.
    var writeHook: ((FileDescriptor, [UInt8]) throws -> Void)? {
        didSet { leaveMapping() }
    }

    /// Whether commits reach the file through a mapping rather than `write(2)`.
    package var isMapped: Bool { mapping != nil }

    /// Where the buffer's storage is: a test checks that appending frames never copies it.
    package var bufferAddress: UnsafeRawPointer? {
        buffer.withUnsafeBytes { $0.baseAddress }
    }
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// Steps in `buffer`, not yet in the file.
    @exclusivity(unchecked) private var bufferedSteps = 0
    /// Where a step's frame bound straight for the mapping is made (`appendStep(_:to:)`),
    /// kept between steps.
    @exclusivity(unchecked) private var frameScratch = EntryBytes(capacity: 256)
    private let bufferCapacity: Int
    @exclusivity(unchecked) private var sequence: UInt64 = 0
    @exclusivity(unchecked) private var deltaBase = DeltaBase()
    private let saltState: UInt32
    /// When the writer was created, on ``JournalClock``.
    private let started: Int64
    /// When the buffer was last written, on ``JournalClock``.
    @exclusivity(unchecked) private var lastWrite: Int64
    /// The interval of an ``JournalFlushPolicy/interval(_:)`` policy, in microseconds.
    private let flushInterval: Int64
    @exclusivity(unchecked) private var lastCommit = 0

    /// Creates the journal file and writes its header.
    ///
    /// The file is created with mode 0600 and never through a symbolic link: a link at `url`
    /// is an error, whatever `replaceExisting` says. An existing file is replaced only when
    /// `replaceExisting` is `true`, and then in one step: the new journal, header written, is
    /// renamed over the old one, which stays whole until then.
    ///
    /// - Parameters:
    ///   - url: Where to write.
    ///   - metadata: Extra header metadata. The app name, process id and start time are
    ///     filled in unless given.
    ///   - flushPolicy: When buffered records reach the file.
    ///   - bufferCapacity: Bytes buffered before a write, whatever the policy.
    ///   - replaceExisting: Whether a file already at `url` is replaced. By default it is
    ///     an error, so that a recording never destroys an earlier one by accident.
    /// - Throws: ``JournalError/alreadyExists(path:)``, ``JournalError/symbolicLink(path:)``,
    ///   ``JournalError/cannotOpen(path:reason:)`` or an error writing the header.
    public convenience init(
        url: URL,
        metadata: [String: String] = [:],
        flushPolicy: JournalFlushPolicy = .writeEachCommit,
        bufferCapacity: Int = 64 << 10,
        replaceExisting: Bool = false
    ) throws(JournalError) {
        let path = url.relativePath
        let header = try Self.makeHeader(metadata: metadata)
        guard replaceExisting else {
            let descriptor = try Self.createJournal(at: path)
            try self.init(descriptor: descriptor, path: path, header: header, flushPolicy: flushPolicy, bufferCapacity: bufferCapacity)
            return
        }
        // Renaming would replace a link rather than follow it, but a link where a journal
        // should be is a mistake or an attack, and the caller should hear of it.
        if Self.isSymbolicLink(path) { throw .symbolicLink(path: path) }
        let file: AtomicFile
        do {
            file = try AtomicFile(beside: path, permissions: .ownerReadWrite, access: .readWrite)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
        try self.init(descriptor: file.releaseDescriptor(), path: path, header: header, flushPolicy: flushPolicy, bufferCapacity: bufferCapacity)
        do {
            // Not synced: the flush policy decides what survives power loss, as for a new file.
            try file.commit(durable: false)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
    }

    /// Writes a journal to a descriptor opened by the caller, such as an ``AtomicFile``'s
    /// temporary. The writer owns the descriptor from here on, and closes it even when this
    /// initializer throws.
    ///
    /// - Parameter path: The path errors name: the file the user asked for, not a temporary.
    package convenience init(
        adopting descriptor: FileDescriptor,
        path: String,
        metadata: [String: String] = [:],
        flushPolicy: JournalFlushPolicy = .writeEachCommit,
        bufferCapacity: Int = 64 << 10
    ) throws(JournalError) {
        let header: (header: JournalHeader, encoded: [UInt8])
        do {
            header = try Self.makeHeader(metadata: metadata)
        } catch {
            try? descriptor.close()
            throw error
        }
        try self.init(descriptor: descriptor, path: path, header: header, flushPolicy: flushPolicy, bufferCapacity: bufferCapacity)
    }

    /// Takes the descriptor and writes the header. Every stored property is set before the
    /// write, so that if it throws, `deinit` closes the descriptor.
    private init(
        descriptor: FileDescriptor,
        path: String,
        header: (header: JournalHeader, encoded: [UInt8]),
        flushPolicy: JournalFlushPolicy,
        bufferCapacity: Int
    ) throws(JournalError) {
        self.path = path
        self.flushPolicy = flushPolicy
        self.bufferCapacity = max(4096, bufferCapacity)
        started = JournalClock.nowMicroseconds()
        lastWrite = started
        if case .interval(let interval) = flushPolicy {
            flushInterval = JournalClock.microseconds(of: interval)
        } else {
            flushInterval = 0
        }
        self.header = header.header
        saltState = header.header.salt.withUnsafeBytes { CRC32C.update(0, $0) }
        self.descriptor = descriptor
        // Advisory: it tells a repair that this file is being written. Nothing else
        // depends on it, so a file system without locks is no reason to fail.
        _ = flock(descriptor.rawValue, LOCK_EX | LOCK_NB)
        switch flushPolicy {
        case .writeEachCommit, .syncEachCommit:
            mapping = JournalMapping(descriptor: descriptor.rawValue)
        case .interval, .never:
            // Their writes are 64 KiB or more at a time: a system call each costs little.
            break
        }
        buffer.reserveCapacity(self.bufferCapacity)
        buffer.append(contentsOf: header.encoded)
        bytesWritten = header.encoded.count
        try writeBuffer()
    }

    /// A new header: a fresh random salt and the metadata, with the app name, process id and
    /// start time filled in unless given.
    private static func makeHeader(metadata: [String: String]) throws(JournalError) -> (header: JournalHeader, encoded: [UInt8]) {
        var salt = [UInt8](repeating: 0, count: JournalFormat.saltSize)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices {
            salt[index] = UInt8.random(in: .min ... .max, using: &generator)
        }
        var fields = metadata
        fields[JournalHeader.MetadataKey.app] = fields[JournalHeader.MetadataKey.app] ?? ProcessInfo.processInfo.processName
        fields[JournalHeader.MetadataKey.processID] = fields[JournalHeader.MetadataKey.processID] ?? String(ProcessInfo.processInfo.processIdentifier)
        let wallClock = Int64((Date().timeIntervalSince1970 * 1_000_000).rounded())
        fields[JournalHeader.MetadataKey.startTime] = fields[JournalHeader.MetadataKey.startTime] ?? String(wallClock)
        var header = JournalHeader(salt: salt, metadata: fields)
        let encoded = header.encoded()
        let metadataSize = encoded.count - JournalHeader.fixedSize - 4
        guard metadataSize <= JournalFormat.maximumMetadataSize else { throw .metadataTooLarge(bytes: metadataSize) }
        header.size = encoded.count
        return (header, encoded)
    }

    /// Creates a new journal file: `O_EXCL` so that nothing existing is truncated, and
    /// `O_NOFOLLOW` so that a link planted at the path is not followed, mode 0600 from the start.
    private static func createJournal(at path: String) throws(JournalError) -> FileDescriptor {
        do {
            // Read and write: a shared mapping needs both.
            return try FileDescriptor.open(
                FilePath(path), .readWrite,
                options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: .ownerReadWrite
            )
        } catch {
            let code = AtomicFileError.errno(of: error)
            // With O_EXCL a link is EEXIST (O_NOFOLLOW alone would say ELOOP): look at what
            // is there, to say which.
            if code == .fileExists || code == .tooManySymbolicLinkLevels {
                if isSymbolicLink(path) { throw .symbolicLink(path: path) }
                var status = stat()
                if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                    throw .cannotOpen(path: path, reason: Errno.isDirectory.description)
                }
                if code == .fileExists { throw .alreadyExists(path: path) }
            }
            throw .cannotOpen(path: path, reason: code.description)
        }
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    deinit {
        // Dropped without `close()`: the file still ends at its last whole frame.
        try? mapping?.finish(length: bytesInFile)
        if let descriptor {
            try? descriptor.close()
        }
    }

    /// Microseconds since the writer was created, from a monotonic clock: the time base of
    /// step, keyframe and mark records.
    public func elapsedMicroseconds() -> Int64 {
        JournalClock.nowMicroseconds() - started
    }

    /// Appends a record to the buffer.
    public func append(_ record: JournalRecord) throws(JournalError) {
        var frame = try beginFrame(type: record.type)
        record.encodePayload(into: &frame.writer, base: &deltaBase)
        try endFrame(frame, stepCommit: record.stepCommit, keyframeCommit: record.keyframeCommit)
    }

    /// Appends a step the recorder drafted, its values and patches already encoded.
    ///
    /// Encoded here rather than in a closure: a closure that captures the draft copies it,
    /// fifteen lists retained and released at every commit.
    func appendStep(_ step: borrowing StepDraft) throws(JournalError) {
        if let mapping, buffer.isEmpty, failure == nil, !isClosed {
            return try appendStep(step, to: mapping)
        }
        // The header and the payload in one append (`encodeStep`).
        var frame = try beginFrame(type: .step, writingHeader: false)
        JournalRecord.encodeStep(step, into: &frame.writer, base: &deltaBase, frameSequence: sequence)
        try endFrame(frame, stepCommit: step.commit, keyframeCommit: nil)
    }

    /// Puts a step's frame in the file through the mapping, when nothing is buffered ahead of
    /// it (a steady app's commit, under the policies that map the file): the frame is made in
    /// memory the writer alone owns and copied into the mapping at once, where the buffer's
    /// way (the array moved in and out, appended to, copied and emptied) cost about 285
    /// instructions a commit. The bytes, and what a crash leaves, are the same: the copy is
    /// the one `writeBuffer()` makes. One difference when the disk is full: the step that
    /// does not fit is not counted as appended (`stepCount`, `bytesWritten`), and the error
    /// comes from here rather than from `endCommit()`; the file and the writer's state after
    /// it are the same.
    private func appendStep(_ step: borrowing StepDraft, to mapping: JournalMapping) throws(JournalError) {
        var base = deltaBase
        let sequence = sequence
        let saltState = saltState
        let bound = JournalFormat.frameHeaderSize + JournalRecord.stepPayloadBound(step)
        // A step far larger than usual leaves the scratch at a size it may never need again.
        defer { if bound > Self.largestKeptScratch { frameScratch = EntryBytes(capacity: 256) } }
        frameScratch.removeAll()
        frameScratch.appendRaw(bound: bound) { at in
            let start = at
            JournalRecord.storeStep(step, base: &base, frameSequence: sequence, at: &at)
            let frame = UnsafeMutableRawBufferPointer(start: start, count: start.distance(to: at))
            // Sealed only when its length fits the field; a longer one is refused below.
            if frame.count - JournalFormat.frameHeaderSize <= JournalFormat.maximumPayloadSize {
                Self.seal(frame: frame, saltState: saltState)
            }
        }
        let frameSize = frameScratch.count
        let payloadSize = frameSize - JournalFormat.frameHeaderSize
        guard payloadSize <= JournalFormat.maximumPayloadSize else { throw .recordTooLarge(bytes: payloadSize) }
        do throws(JournalMapping.Failure) {
            let offset = bytesInFile
            try frameScratch.withUnsafeBytes { bytes throws(JournalMapping.Failure) in try mapping.copy(bytes, at: offset) }
        } catch .unavailable {
            // Mapping more of the file failed: the frame waits in the buffer, which
            // `endCommit()` writes with `write(2)` from here on.
            leaveMapping()
            frameScratch.withUnsafeBytes { buffer.append(contentsOf: $0) }
            deltaBase = base
            countFrame(size: frameSize, stepCommit: step.commit, keyframeCommit: nil)
            return
        } catch {
            // Nothing was copied: the file keeps its whole frames.
            leaveMapping()
            let failure = JournalError.writeFailed(path: path, reason: error.reason)
            self.failure = failure
            throw failure
        }
        deltaBase = base
        countFrame(size: frameSize, stepCommit: step.commit, keyframeCommit: nil)
        bytesInFile += frameSize
        stepsInFile += bufferedSteps
        bufferedSteps = 0
    }

    /// The most memory `frameScratch` keeps between steps.
    private static let largestKeptScratch = 1 << 20

    /// Appends a keyframe whose value entries the recorder encoded in place: the bytes
    /// `append(.keyframe(_:))` writes for the same keyframe, without a `JournalValue` (an
    /// integer's text, parsed back into a number) for each atom.
    func appendKeyframe(
        commit: Int, time: Int64, entries: borrowing EncodedValueEntries, edges: [JournalEdge], subscriptions: [JournalSubscription]
    ) throws(JournalError) {
        var frame = try beginFrame(type: .keyframe)
        JournalRecord.encodeKeyframe(
            commit: commit, time: time, edges: edges, subscriptions: subscriptions, into: &frame.writer, base: &deltaBase
        ) { $0.entries(entries) }
        try endFrame(frame, stepCommit: nil, keyframeCommit: commit)
    }

    /// A frame being encoded straight into the buffer, after its header's place; the header is
    /// filled in by `endFrame` once the payload's length is known, so no array is made per
    /// record.
    ///
    /// Not copyable: a copy passed to `endFrame` kept a second reference to the buffer, so
    /// writing the header copied the whole buffer (up to its 64 KiB under the buffering
    /// policies) and dropped its reserved capacity, at every frame.
    private struct OpenFrame: ~Copyable {
        /// The buffer, moved out of the writer while the payload is written.
        var writer: ByteWriter
        /// Where the frame starts in the buffer.
        let start: Int
        /// The delta base before the payload, restored if the frame is dropped.
        let savedBase: DeltaBase
    }

    private func beginFrame(type: RecordType, writingHeader: Bool = true) throws(JournalError) -> OpenFrame {
        guard !isClosed else { throw .writerClosed(path: path) }
        if let failure { throw failure }
        var frame = OpenFrame(writer: ByteWriter(bytes: []), start: buffer.count, savedBase: deltaBase)
        swap(&frame.writer.bytes, &buffer)
        if writingHeader { frame.writer.frameHeader(type: type.rawValue, sequence: sequence) }
        return frame
    }

    private func endFrame(_ frame: consuming OpenFrame, stepCommit: Int?, keyframeCommit: Int?) throws(JournalError) {
        let start = frame.start
        swap(&frame.writer.bytes, &buffer)
        let frameSize = buffer.count - start
        let payloadSize = frameSize - JournalFormat.frameHeaderSize
        guard payloadSize <= JournalFormat.maximumPayloadSize else {
            buffer.removeSubrange(start...)
            deltaBase = frame.savedBase
            throw .recordTooLarge(bytes: payloadSize)
        }
        let saltState = saltState
        buffer.withUnsafeMutableBytes { bytes in
            Self.seal(frame: UnsafeMutableRawBufferPointer(rebasing: bytes[start...]), saltState: saltState)
        }
        countFrame(size: frameSize, stepCommit: stepCommit, keyframeCommit: keyframeCommit)
        if buffer.count >= bufferCapacity {
            try writeBuffer()
        }
    }

    /// Fills in the length and checksum of a frame whose header and payload are in `frame`.
    private static func seal(frame: UnsafeMutableRawBufferPointer, saltState: UInt32) {
        // The checksummed bytes by their start and count: a slice of the buffer (`frame[8...]`)
        // went through its generic range's value witnesses, about 20 instructions a frame.
        let checksummed = UnsafeRawBufferPointer(start: frame.baseAddress.map { $0 + 8 }, count: frame.count - 8)
        let checksum = CRC32C.mask(CRC32C.update(saltState, checksummed))
        frame.storeBytes(of: UInt32(frame.count - JournalFormat.frameHeaderSize).littleEndian, toByteOffset: 0, as: UInt32.self)
        frame.storeBytes(of: checksum.littleEndian, toByteOffset: 4, as: UInt32.self)
    }

    /// Counts a frame of `size` bytes as appended: a step's counts as buffered, until a write
    /// puts it in the file.
    private func countFrame(size: Int, stepCommit: Int?, keyframeCommit: Int?) {
        sequence += 1
        if let stepCommit {
            stepCount += 1
            bufferedSteps += 1
            lastCommit = stepCommit
        } else if let keyframeCommit {
            lastCommit = max(lastCommit, keyframeCommit)
        }
        bytesWritten += size
    }

    /// Tells the writer that a commit's records are complete, so that its flush policy can
    /// act.
    public func endCommit() throws(JournalError) {
        switch flushPolicy {
        case .never:
            break
        case .interval:
            if JournalClock.nowMicroseconds() - lastWrite >= flushInterval {
                try writeBuffer()
            }
        case .writeEachCommit:
            try writeBuffer()
        case .syncEachCommit:
            try sync()
        }
    }

    /// Writes buffered records to the file.
    public func flush() throws(JournalError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        try writeBuffer()
    }

    /// Writes buffered records and waits until the file's data is on disk.
    public func sync() throws(JournalError) {
        try flush()
        try syncDescriptor()
    }

    private func syncDescriptor() throws(JournalError) {
        guard let descriptor else { return }
        if fsync(descriptor.rawValue) != 0 {
            let failure = JournalError.writeFailed(path: path, reason: String(cString: strerror(errno)))
            self.failure = failure
            throw failure
        }
    }

    /// Appends the clean-close marker, syncs and closes the file. Later appends fail.
    ///
    /// - Throws: the error that stopped the writer earlier, if one did (the file then ends at
    ///   the last whole frame, with no close record), or one from writing the close record.
    public func close() throws(JournalError) {
        guard !isClosed else { return }
        if let failure {
            isClosed = true
            if let descriptor {
                self.descriptor = nil
                try? descriptor.close()
            }
            throw failure
        }
        try append(.close(JournalClose(commit: lastCommit, time: elapsedMicroseconds(), stepCount: stepCount)))
        try flush()
        if let mapping {
            self.mapping = nil
            do throws(JournalMapping.Failure) {
                try mapping.finish(length: bytesInFile)
            } catch {
                // The frames are all in the file; only the reserved zeros after them stay,
                // which readers read as unwritten space.
                let failure = JournalError.writeFailed(path: path, reason: "cannot cut the reserved space: \(error.reason)")
                self.failure = failure
                throw failure
            }
        }
        try syncDescriptor()
        isClosed = true
        if let descriptor {
            self.descriptor = nil
            do {
                try descriptor.close()
            } catch {
                throw .writeFailed(path: path, reason: "\(error)")
            }
        }
    }

    /// Writes the buffer, which holds whole frames only. A failed or short write (a full
    /// disk, a file size limit) is cut back to the last whole frame already in the file, so
    /// readers never meet half a frame in the middle, and the writer stops: a later retry could
    /// otherwise write a frame twice.
    private func writeBuffer() throws(JournalError) {
        if let failure { throw failure }
        guard !buffer.isEmpty, let descriptor else { return }
        if let mapping {
            do throws(JournalMapping.Failure) {
                let offset = bytesInFile
                try buffer.withUnsafeBytes { bytes in
                    Result { () throws(JournalMapping.Failure) in try mapping.copy(bytes, at: offset) }
                }.get()
                didWrite()
                return
            } catch .unavailable {
                // Mapping more of the file failed: write from here on.
                leaveMapping()
            } catch {
                // Nothing of the buffer was copied: the file keeps its whole frames.
                leaveMapping()
                let failure = JournalError.writeFailed(path: path, reason: error.reason)
                self.failure = failure
                buffer.removeAll()
                throw failure
            }
        }
        do {
            if let writeHook {
                try writeHook(descriptor, buffer)
            } else {
                _ = try descriptor.writeAll(buffer)
            }
        } catch {
            keepWholeFrames(descriptor)
            let failure = JournalError.writeFailed(path: path, reason: "\(error)")
            self.failure = failure
            buffer.removeAll()
            throw failure
        }
        didWrite()
    }

    /// Counts the buffer as in the file, and empties it.
    private func didWrite() {
        bytesInFile += buffer.count
        stepsInFile += bufferedSteps
        bufferedSteps = 0
        buffer.removeAll(keepingCapacity: true)
        // Only the interval policy reads it: the clock cost every other commit about 40
        // instructions.
        if case .interval = flushPolicy { lastWrite = JournalClock.nowMicroseconds() }
    }

    /// Stops copying into a mapping: the file is cut to its whole frames and written with
    /// `write(2)` from their end.
    private func leaveMapping() {
        guard let mapping, let descriptor else { return }
        self.mapping = nil
        try? mapping.finish(length: bytesInFile)
        _ = lseek(descriptor.rawValue, off_t(bytesInFile), SEEK_SET)
    }

    /// After a failed write: keeps the frames of the buffer that reached the file whole, and
    /// cuts the file back to the end of the last of them.
    private func keepWholeFrames(_ descriptor: FileDescriptor) {
        let position = lseek(descriptor.rawValue, 0, SEEK_CUR)
        let reached = position >= 0 ? Int(position) - bytesInFile : 0
        // The buffer holds whole frames, after the header if this was the first write: walk
        // their length fields to the last one that reached the file. Only a failed write pays
        // for this; appends keep no bookkeeping for it.
        var kept = 0
        var steps = 0
        var end = bytesInFile == 0 ? header.size : 0
        if end <= reached {
            kept = end
            while end + JournalFormat.frameHeaderSize <= buffer.count {
                let length = (0..<4).reduce(0) { $0 | Int(buffer[end + $1]) << (8 * $1) }
                let size = JournalFormat.frameHeaderSize + length
                guard end + size <= reached else { break }
                if buffer[end + 8] == RecordType.step.rawValue { steps += 1 }
                end += size
                kept = end
            }
        }
        bytesInFile += kept
        stepsInFile += steps
        _ = ftruncate(descriptor.rawValue, off_t(bytesInFile))
        _ = lseek(descriptor.rawValue, off_t(bytesInFile), SEEK_SET)
    }
}
