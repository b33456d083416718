import Foundation
import SystemPackage

/// Reads a journal file without trusting it: every frame is checked for length, checksum
/// and sequence before anything uses it, and no input can make it crash, hang or allocate
/// in proportion to a length it has not checked.
///
/// A damaged end (a crash mid-write) is reported as ``JournalEnding/tornTail(offset:bytes:)``
/// and everything before it is returned; damage followed by more data is an error, never
/// skipped silently.
public final class JournalReader {
    /// The file's path.
    public let path: String
    /// The file's header.
    public let header: JournalHeader
    /// The file's size when it was opened; frames appended later are not read.
    public let fileSize: Int
    /// The file that was opened, by device and inode, so that a command can refuse to write
    /// its output over the journal it reads, whatever path names it.
    package let fileIdentity: FileIdentity?

    private let descriptor: FileDescriptor
    /// Whether closing the reader closes the descriptor: a twin (``init(twinOf:)``) shares
    /// its original's.
    private let ownsDescriptor: Bool
    /// The work done so far; see ``ScanWork``.
    var work = ScanWork()
    /// Whether a search after damage runs the Swift loop even where the processor could run
    /// the faster one: for tests that compare the two.
    var searchesPortably = false
    /// Whether opening indexes every step in Swift even where the processor could run the C
    /// loop: for tests that compare the two.
    var indexesPortably = false
    /// Whether a skim of the steps (``Journal/skimSteps(_:)``) reads every step in Swift even
    /// where the processor could run the C loop: for tests that compare the two.
    var skimsPortably = false
    /// When a search after damage sweeps in two halves at once; tests make it split small
    /// stretches.
    var searchSplit = SearchSplit()
    /// How opening splits a large journal's index between two threads; tests make it split
    /// small journals, anywhere.
    var indexSplit = IndexSplit()
    /// Whether a sequential scan reads the next chunk on another thread while it checks this
    /// one. The two halves of a split index read their own chunks: each already keeps one
    /// core busy.
    var readsAhead = true
    /// How much a sequential scan reads at a time. Without a read-ahead, a chunk the
    /// processor's second-level cache holds is still there when the scan checks it.
    var scanChunk = JournalReader.chunkSize
    /// Where a sequential scan stops reading whole chunks: the first half of a split index
    /// leaves the second's bytes to the other thread.
    var readLimit = Int.max
    /// How a second pass over the steps (``Journal/skimSteps(into:splittingInto:join:_:)``)
    /// splits a large journal between two threads; tests make it split small journals.
    var skimSplit = IndexSplit()
    /// Told the file offset a sequential scan has read up to, each time it reads a chunk.
    package var progress: ((Int) -> Void)?
    /// The zero bytes after the last frame, when the file ends in them: space a recorder
    /// reserved and had not filled yet, because it is still recording or its app died. Not
    /// damage: the frames before it are the whole journal. Set by a scan that reaches them.
    public internal(set) var unwrittenBytes = 0

    /// A ``progress`` that reports the fraction of the file read, scaled into `range`.
    package func fractionReporter(_ report: @escaping (Double) -> Void, into range: ClosedRange<Double> = 0...1) -> (Int) -> Void {
        let size = Double(max(fileSize, 1))
        return { read in report(range.lowerBound + (range.upperBound - range.lowerBound) * min(Double(read) / size, 1)) }
    }
    let saltState: UInt32
    var window: [UInt8] = []
    var windowStart = 0
    /// The first window byte that holds file data: after a switch to a read-ahead chunk, the
    /// bytes before the carried-over tail are stale.
    private var windowValid = 0
    /// The chunk after the window, while scanning; see ``ReadAhead``.
    private let readAhead = ReadAhead()
    static let chunkSize = 4 << 20
    /// Random access usually decodes a keyframe and the steps after it, which lie close
    /// together: a small read-ahead serves them without reading megabytes per seek.
    private static let randomAccessChunk = 64 << 10

    /// Opens a journal and validates its header.
    public init(url: URL) throws(JournalError) {
        path = url.relativePath
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(for: error))
        }
        self.descriptor = descriptor
        ownsDescriptor = true
        fileIdentity = FileIdentity(descriptor: descriptor)
        do {
            let end = try descriptor.seek(offset: 0, from: .end)
            fileSize = Int(end)
        } catch {
            try? descriptor.close()
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        let headerLimit = JournalHeader.fixedSize + JournalFormat.maximumMetadataSize + 4
        var bytes = [UInt8](repeating: 0, count: min(fileSize, headerLimit))
        do {
            let count = try Self.read(descriptor, into: &bytes, at: 0)
            bytes.removeSubrange(count...)
        } catch {
            try? descriptor.close()
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        let path = path
        let fileSize = fileSize
        let decoded = bytes.withUnsafeBytes { buffer in
            Result { () throws(JournalError) in try JournalHeader.decode(buffer, fileSize: fileSize, path: path) }
        }
        switch decoded {
        case .success(let header):
            self.header = header
        case .failure(let error):
            try? descriptor.close()
            throw error
        }
        saltState = header.salt.withUnsafeBytes { CRC32C.update(0, $0) }
    }

    /// A reader of the same open file, with a window of its own, for another thread: it
    /// reads through its original's descriptor, which it never closes, so it must not read
    /// once the original is gone.
    init(twinOf original: JournalReader) {
        path = original.path
        header = original.header
        fileSize = original.fileSize
        fileIdentity = original.fileIdentity
        descriptor = original.descriptor
        ownsDescriptor = false
        saltState = original.saltState
        searchesPortably = original.searchesPortably
        indexesPortably = original.indexesPortably
        skimsPortably = original.skimsPortably
        searchSplit = original.searchSplit
    }

    deinit {
        // The read-ahead uses the descriptor: it must be done before the descriptor closes.
        readAhead.finish()
        if ownsDescriptor {
            try? descriptor.close()
        }
    }

    /// Visits every valid frame in file order and returns how the journal ends.
    ///
    /// Throws ``JournalError/corruptFrame(path:offset:reason:)`` or
    /// ``JournalError/frameTooLarge(path:offset:length:)`` for damage that valid data
    /// follows, after visiting every frame before it.
    public func scanFrames(_ visit: (JournalFrame) throws(JournalError) -> Void) throws(JournalError) -> JournalEnding {
        try withoutActuallyEscaping(visit) { (visit) throws(JournalError) in
            var visitor = ClosureFrameVisitor(body: visit)
            return try scanFrames(visitor: &visitor)
        }
    }

    /// ``scanFrames(_:)`` with a visitor of this module, specialised into the scan's loop.
    func scanFrames<Visitor: JournalFrameVisitor>(visitor: inout Visitor) throws(JournalError) -> JournalEnding {
        let ending = try scan(recovering: false, damaged: { _ in }, &visitor)
        progress?(fileSize)
        return ending
    }

    /// Visits every valid frame in file order, reading on past damage: each damaged run that
    /// valid frames follow is reported to `damaged`, and the scan resumes at the first valid
    /// frame after it. The work is linear in the file's size whatever the damage holds.
    ///
    /// Frames after damage are valid by their checksums and sequence numbers, but records
    /// that depend on what came before (a step's commit and time are stored as differences)
    /// cannot be placed until the next keyframe; this is for reporting and salvage, not for
    /// building a timeline.
    public func scanFrames(
        reportingDamage damaged: (JournalDamage) -> Void,
        _ visit: (JournalFrame) throws(JournalError) -> Void
    ) throws(JournalError) -> JournalEnding {
        let ending = try withoutActuallyEscaping(visit) { (visit) throws(JournalError) in
            var visitor = ClosureFrameVisitor(body: visit)
            return try scan(recovering: true, damaged: damaged, &visitor)
        }
        progress?(fileSize)
        return ending
    }

    private func scan<Visitor: JournalFrameVisitor>(
        recovering: Bool,
        damaged report: (JournalDamage) -> Void,
        _ visitor: inout Visitor
    ) throws(JournalError) -> JournalEnding {
        let outcome = try scan(from: ScanPosition(offset: header.size), until: fileSize, recovering: recovering, damaged: report, &visitor)
        guard case .ended(let ending) = outcome else { return .open }  // a scan to the end ends
        return ending
    }

    /// Scans from `start` by the reader's rules until the file ends or the next frame starts
    /// at or past `limit`; a frame that crosses `limit` is scanned whole.
    func scan<Visitor: JournalFrameVisitor>(
        from start: ScanPosition,
        until limit: Int,
        recovering: Bool,
        damaged report: (JournalDamage) -> Void,
        _ visitor: inout Visitor
    ) throws(JournalError) -> ScanOutcome {
        var offset = start.offset
        var expected = start.expected
        var lastType = start.lastType
        // Where the scan goes after damage at `offset`: the next valid frame, reported when
        // recovering; otherwise an error, or a torn tail when nothing valid follows.
        func resume(_ error: JournalError, reason: String) throws(JournalError) -> Resumption? {
            guard recovering else {
                if try nextValidFrame(after: offset, expected: expected) != nil { throw error }
                return nil
            }
            guard let next = try nextValidFrame(after: offset, expected: expected) else { return nil }
            report(JournalDamage(offset: offset, resumeOffset: next.offset, lostFrames: next.sequence - expected, reason: reason))
            return next
        }
        while offset < fileSize {
            guard offset < limit else {
                return .reached(ScanPosition(offset: offset, expected: expected, lastType: lastType))
            }
            // Fast path: every complete, valid frame already in the window, read through one
            // pointer. Anything else (a frame that crosses the window's end or `limit`,
            // damage) falls to the frame-by-frame rules below.
            try load(offset: offset, count: min(fileSize - offset, JournalFormat.frameHeaderSize))
            let taken = takeWhole(from: offset, before: limit, expected: expected, &visitor)
            if let failure = taken.failure { throw failure }
            if taken.frames > 0 {
                offset += taken.consumed
                expected &+= taken.frames
                lastType = taken.last
                continue
            }
            let remaining = fileSize - offset
            // Zeros from a frame's start to the end, a frame header's worth or more, are the
            // space a recorder reserves ahead of its frames (it keeps at least that much): no
            // frame starts with 17 zero bytes, since type 0 is never written. Fewer zeros may
            // be the start of a frame cut short.
            if remaining >= JournalFormat.frameHeaderSize, try isUnwritten(from: offset) {
                unwrittenBytes = remaining
                return .ended(lastType == RecordType.close.rawValue ? .closed : .open)
            }
            // Damage that a valid frame follows is corruption; damage that nothing valid
            // follows is what a crash mid-write (or a file system's unfilled blocks) leaves.
            guard remaining >= JournalFormat.frameHeaderSize else {
                return .ended(.tornTail(offset: offset, bytes: remaining))
            }
            try load(offset: offset, count: JournalFormat.frameHeaderSize)
            let local = offset - windowStart
            let length = Int(readU32(at: local))
            // A crash leaves a prefix of correct bytes, never a complete length field over
            // the limit: such a length is corruption wherever it is.
            guard length <= JournalFormat.maximumPayloadSize else {
                let error = JournalError.frameTooLarge(path: path, offset: offset, length: length)
                guard recovering else { throw error }
                // Corruption wherever it is (rule 2): with nothing valid after it, still an error.
                guard let next = try resume(error, reason: "a frame length of \(length) bytes") else { throw error }
                (offset, expected) = (next.offset, next.sequence)
                continue
            }
            let size = JournalFormat.frameHeaderSize + length
            guard remaining >= size else {
                let reason = "a frame of \(length) bytes runs past later valid frames"
                guard let next = try resume(.corruptFrame(path: path, offset: offset, reason: reason), reason: "a frame of \(length) bytes runs past the end") else {
                    return .ended(.tornTail(offset: offset, bytes: remaining))
                }
                (offset, expected) = (next.offset, next.sequence)
                continue
            }
            try load(offset: offset, count: size)
            let start = offset - windowStart
            let stored = readU32(at: start + 4)
            let type = window[start + 8]
            let sequence = readU64(at: start + 9)
            work.bytesChecksummed += size
            guard frameChecksum(at: start, size: size) == stored else {
                guard let next = try resume(.corruptFrame(path: path, offset: offset, reason: "checksum mismatch"), reason: "checksum mismatch") else {
                    return .ended(.tornTail(offset: offset, bytes: remaining))
                }
                (offset, expected) = (next.offset, next.sequence)
                continue
            }
            guard sequence == expected else {
                let reason = "frame \(sequence) where frame \(expected) was expected"
                guard recovering else { throw .corruptFrame(path: path, offset: offset, reason: reason) }
                // A number this large would overflow the count of frames read after it; no
                // journal gets there by writing.
                if sequence > expected, sequence < 1 << 62 {
                    // A valid frame after a gap: the frames between were removed, not damaged.
                    report(JournalDamage(offset: offset, resumeOffset: offset, lostFrames: sequence - expected, reason: reason))
                    expected = sequence
                    continue
                }
                // A frame again, or out of order: read on from the next valid one; with none,
                // still an error (rule 5), since a valid frame is not what a crash leaves.
                let error = JournalError.corruptFrame(path: path, offset: offset, reason: reason)
                guard let next = try resume(error, reason: reason) else { throw error }
                (offset, expected) = (next.offset, next.sequence)
                continue
            }
            let visited = window.withUnsafeBytes { bytes in
                let payload = UnsafeRawBufferPointer(rebasing: bytes[(start + JournalFormat.frameHeaderSize)..<(start + size)])
                return Result { () throws(JournalError) in
                    try visitor.visit(JournalFrame(offset: offset, sequence: sequence, type: type, payload: payload))
                }
            }
            try visited.get()
            lastType = type
            offset += size
            expected &+= 1
        }
        return .ended(lastType == RecordType.close.rawValue ? .closed : .open)
    }

    /// The scan's fast path: the valid frames from `offset` that lie whole in the window and
    /// before `limit`, handed to the visitor (runs first, then one by one), up to the first
    /// frame that is not one or that the visitor refuses (its error is returned, not thrown).
    @inline(__always)
    func takeWhole<Visitor: JournalFrameVisitor>(
        from offset: Int, before limit: Int, expected: UInt64, _ visitor: inout Visitor
    ) -> TakenFrames {
        var failure: JournalError?
        let first = offset - windowStart
        // Locals, not properties: a class property read in the loop is an exclusivity
        // check per frame.
        let saltState = saltState
        let base = windowStart
        // Frames end before `limit`: the window's bytes from there on are out of view.
        let end = limit - base
        let (consumed, frames, last, taken, singly) = window.withUnsafeBytes { whole in
            let raw = end < whole.count ? UnsafeRawBufferPointer(rebasing: whole[..<end]) : whole
            var position = first
            var frames: UInt64 = 0
            var last: UInt8?
            var taken: UInt64 = 0
            var singly: UInt64 = 0
            scanning: while true {
                // What the visitor takes in one go, then what it leaves, frame by frame.
                let run = visitor.visitRun(FrameRun(
                    bytes: raw, position: position, fileOffset: base, sequence: expected &+ frames, seed: ~saltState
                ))
                if run.frames > 0 {
                    frames += run.frames
                    taken += run.frames
                    singly += run.singly
                    position = run.end
                    last = run.lastType
                }
                // The next frames that lie whole in the window, checksummed four at a time.
                let batch = FrameBatch(raw, from: position)
                guard batch.count > 0 else { break }
                let checksums = batch.checksums(raw, salted: saltState)
                for lane in 0..<batch.count {
                    let (start, size) = batch[lane]
                    let checksum = lane == 0 ? checksums.0 : lane == 1 ? checksums.1 : lane == 2 ? checksums.2 : checksums.3
                    guard CRC32C.mask(checksum) == Self.u32(raw, start + 4), Self.u64(raw, start + 9) == expected &+ frames else { break scanning }
                    let type = raw[start + 8]
                    let payload = UnsafeRawBufferPointer(rebasing: raw[(start + JournalFormat.frameHeaderSize)..<(start + size)])
                    do throws(JournalError) {
                        try visitor.visit(JournalFrame(offset: base &+ start, sequence: expected &+ frames, type: type, payload: payload))
                    } catch {
                        failure = error
                        break scanning
                    }
                    last = type
                    frames += 1
                    position = start + size
                    // A run that stopped at a frame it does not take (a keyframe, a mark)
                    // takes the steps after it again, rather than leaving the rest of the
                    // batch to go one by one: a million-step journal sent about 41,000 steps
                    // (three after each keyframe) through the visitor's slower path.
                    // Only for a visitor that has taken a run: one that takes none would only
                    // lose the batch's other checksums.
                    if taken > 0, visitor.resumesRun(after: type), lane + 1 < batch.count,
                       raw[batch[lane + 1].start + 8] == RecordType.step.rawValue {
                        continue scanning
                    }
                }
            }
            return (position - first, frames, last, taken, singly)
        }
        work.bytesChecksummed += consumed
        work.framesTakenInRuns += Int(taken)
        work.framesTakenSingly += Int(singly)
        return TakenFrames(consumed: consumed, frames: frames, last: last, failure: failure)
    }

    /// Reads and decodes every record. Meant for small journals and tools that want it
    /// all; ``JournalIndex`` reads large ones without decoding every step.
    public func readAll() throws(JournalError) -> (records: [JournalRecord], ending: JournalEnding) {
        var records: [JournalRecord] = []
        var base = DeltaBase()
        let ending = try scanFrames { frame throws(JournalError) in
            if let record = try decode(frame, base: &base) {
                records.append(record)
            }
        }
        return (records, ending)
    }

    /// Reads one frame at an offset that an earlier scan found valid. A step's deltas need
    /// the record before it, so the caller passes the absolute commit and time its index
    /// worked out.
    func record(atOffset offset: Int, known: (commit: Int, time: Int64)? = nil) throws(JournalError) -> JournalRecord? {
        var base = DeltaBase(known: known)
        return try withFrame(atOffset: offset) { frame throws(JournalError) in try decode(frame, base: &base) }
    }

    /// Skims the step at an offset that an earlier scan found valid into `changes`, as
    /// ``JournalStepChanges`` holds a step, with the checks decoding makes, and returns its
    /// operation and label: what `log` prints, without the values decoding makes into strings.
    func skimStep(atOffset offset: Int, into changes: JournalStepChanges) throws(JournalError) -> JournalStepText {
        try withFrame(atOffset: offset) { frame throws(JournalError) in
            guard frame.type == RecordType.step.rawValue else {
                throw .corruptFrame(path: path, offset: offset, reason: "expected a step")
            }
            do throws(PayloadError) {
                var skim = ByteReader(frame.payload)
                try skim.skimStep(into: changes)
                var text = ByteReader(frame.payload)
                return try text.stepText()
            } catch {
                throw .corruptFrame(path: path, offset: offset, reason: "record payload \(error)")
            }
        }
    }

    /// Calls `body` with the frame at an offset that an earlier scan found valid, its payload
    /// in the reader's window (valid only during `body`).
    private func withFrame<Result>(atOffset offset: Int, _ body: (JournalFrame) throws(JournalError) -> Result) throws(JournalError) -> Result {
        guard offset >= header.size, offset + JournalFormat.frameHeaderSize <= fileSize else {
            throw .corruptFrame(path: path, offset: offset, reason: "offset outside the file")
        }
        try load(offset: offset, count: JournalFormat.frameHeaderSize, chunk: Self.randomAccessChunk)
        let length = Int(readU32(at: offset - windowStart))
        guard length <= JournalFormat.maximumPayloadSize, offset + JournalFormat.frameHeaderSize + length <= fileSize else {
            throw .corruptFrame(path: path, offset: offset, reason: "frame extends past the end")
        }
        try load(offset: offset, count: JournalFormat.frameHeaderSize + length, chunk: Self.randomAccessChunk)
        let start = offset - windowStart
        let type = window[start + 8]
        let outcome = window.withUnsafeBytes { bytes in
            let payload = UnsafeRawBufferPointer(rebasing: bytes[(start + JournalFormat.frameHeaderSize)..<(start + JournalFormat.frameHeaderSize + length)])
            return Swift.Result { () throws(JournalError) in
                try body(JournalFrame(offset: offset, sequence: 0, type: type, payload: payload))
            }
        }
        return try outcome.get()
    }

    /// Decodes a frame's record; `nil` for a record type this version does not know.
    func decode(_ frame: JournalFrame, base: inout DeltaBase) throws(JournalError) -> JournalRecord? {
        do {
            return try JournalRecord.decode(type: frame.type, payload: frame.payload, base: &base)
        } catch {
            throw .corruptFrame(path: path, offset: frame.offset, reason: "record payload \(error)")
        }
    }

    // MARK: Reading the file

    /// Whether every byte from `offset` to the end of the file is zero. Stops at the first
    /// that is not, which for a frame is among its first eight (its length and checksum).
    private func isUnwritten(from offset: Int) throws(JournalError) -> Bool {
        var position = offset
        while position < fileSize {
            try load(offset: position, count: min(fileSize - position, JournalFormat.frameHeaderSize))
            let end = min(windowStart + window.count, fileSize)
            let zeros = window.withUnsafeBufferPointer { bytes in
                bytes[(position - windowStart)..<(end - windowStart)].allSatisfy { $0 == 0 }
            }
            guard zeros else { return false }
            position = end
        }
        return true
    }

    /// Where a scan starting at the frame at `offset`, which the index found valid, stands:
    /// the sequence number its header holds. The scan checks the frame as any other.
    func framePosition(at offset: Int) throws(JournalError) -> ScanPosition {
        guard offset >= header.size, fileSize - offset >= JournalFormat.frameHeaderSize else {
            throw .corruptFrame(path: path, offset: offset, reason: "the file changed while it was read")
        }
        try load(offset: offset, count: JournalFormat.frameHeaderSize)
        return ScanPosition(offset: offset, expected: readU64(at: offset - windowStart + 9))
    }

    /// Makes `count` bytes at `offset` available in the window. `count` is at most a frame
    /// header plus the payload limit, so the window never grows past that. A scan reads ahead
    /// in large chunks; random access (`chunk: 0`) reads just what it needs.
    func load(offset: Int, count: Int, chunk: Int = JournalReader.chunkSize) throws(JournalError) {
        if offset >= windowValid, offset + count <= windowStart + window.count { return }
        let sequential = chunk == Self.chunkSize
        if sequential, var previous = try switchToReadAhead(offset: offset, count: count) {
            startReadAhead(reusing: &previous)
            progress?(windowStart + window.count)
            return
        }
        readAhead.finish()
        let chunk = sequential ? scanChunk : chunk
        let size = min(max(chunk, count), max(min(fileSize, readLimit), offset + count) - offset)
        if window.count != size {
            window = ReadAhead.buffer(count: size)
        }
        // Until the read succeeds, the window holds nothing: bytes of a failed read must not
        // pass for the old offset's.
        windowValid = .max
        let read: Int
        do {
            read = try Self.read(descriptor, into: &window, at: offset)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        guard read >= count else {
            throw .corruptFrame(path: path, offset: offset, reason: "the file shrank while it was read")
        }
        window.removeSubrange(read...)
        windowStart = offset
        windowValid = offset
        work.bytesRead += read
        if sequential {
            var fresh: [UInt8] = []
            startReadAhead(reusing: &fresh)
            progress?(windowStart + window.count)
        }
    }

    /// Starts reading the chunk after the window, when there is one, into `storage` (the
    /// previous window's, so that scanning a large file allocates two buffers, not one per
    /// chunk).
    private func startReadAhead(reusing storage: inout [UInt8]) {
        let end = windowStart + window.count
        let stop = min(fileSize, readLimit)
        guard readsAhead, end < stop, !readAhead.running else { return }
        readAhead.start(descriptor, offset: end, count: min(Self.chunkSize, stop - end), storage: &storage)
    }

    /// Makes the read-ahead chunk the window, carrying over the window's tail from `offset`,
    /// when that serves the request, and returns the previous window's storage; `nil` when
    /// the request is elsewhere.
    private func switchToReadAhead(offset: Int, count: Int) throws(JournalError) -> [UInt8]? {
        let end = windowStart + window.count
        guard readAhead.running, readAhead.offset == end, offset >= windowValid, offset <= end,
              end - offset <= ReadAhead.reserve, offset + count <= end + readAhead.requested else { return nil }
        readAhead.finish()
        if let failure = readAhead.failure {
            throw .cannotOpen(path: path, reason: "\(failure)")
        }
        guard offset + count <= end + readAhead.bytesRead else {
            throw .corruptFrame(path: path, offset: offset, reason: "the file shrank while it was read")
        }
        let tail = end - offset
        var chunk = readAhead.take(giving: [])
        chunk.withUnsafeMutableBytes { target in
            window.withUnsafeBytes { source in
                let from = UnsafeRawBufferPointer(rebasing: source[(offset - windowStart)...])
                UnsafeMutableRawBufferPointer(rebasing: target[(ReadAhead.reserve - tail)..<ReadAhead.reserve]).copyMemory(from: from)
            }
        }
        work.bytesRead += readAhead.bytesRead
        swap(&window, &chunk)
        windowStart = end - ReadAhead.reserve
        windowValid = offset
        return chunk
    }

    func frameChecksum(at start: Int, size: Int) -> UInt32 {
        window.withUnsafeBytes { bytes in
            CRC32C.mask(CRC32C.update(saltState, UnsafeRawBufferPointer(rebasing: bytes[(start + 8)..<(start + size)])))
        }
    }

    @inline(__always)
    static func u32(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
    }

    @inline(__always)
    static func u64(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    private func readU32(at index: Int) -> UInt32 {
        window.withUnsafeBytes { Self.u32($0, index) }
    }

    private func readU64(at index: Int) -> UInt64 {
        window.withUnsafeBytes { Self.u64($0, index) }
    }

    private static func read(_ descriptor: FileDescriptor, into buffer: inout [UInt8], at offset: Int) throws -> Int {
        var total = 0
        try buffer.withUnsafeMutableBytes { bytes in
            while total < bytes.count {
                let count = try descriptor.read(fromAbsoluteOffset: Int64(offset + total), into: UnsafeMutableRawBufferPointer(rebasing: bytes[total...]))
                if count == 0 { break }
                total += count
            }
        }
        return total
    }

    private static func reason(for error: any Error) -> String {
        if let errno = error as? Errno {
            switch errno {
            case .noSuchFileOrDirectory: return "no such file"
            case .permissionDenied: return "permission denied"
            case .isDirectory: return "it is a directory"
            default: return "\(errno)"
            }
        }
        return "\(error)"
    }
}
