import DequeModule
import HeapModule

/// Finding where valid frames resume after damage, in one pass over the bytes after it.
///
/// Every offset after the damage may hold a frame, and testing each candidate by computing
/// its checksum over its payload costs the payload's length per offset: a file built with a
/// believable header at many offsets made that quadratic. Instead one running CRC register
/// sweeps the bytes once. A candidate's checksum is then fixed by the register where its
/// checksummed bytes start and the register where they end (`CRC32C+ZeroShift.swift`): at its
/// start the reader works out the register value that its end must show, and waits for the
/// sweep to get there. Pending candidates wait in a heap ordered by where they end, so the
/// sweep does a constant amount of work per byte and per candidate.
extension JournalReader {
    /// A valid frame found after damage.
    struct Resumption: Equatable {
        /// The frame's offset.
        let offset: Int
        /// Its sequence number.
        let sequence: UInt64
    }

    /// The valid frame that ends first after the damage at `damaged`, or `nil` when nothing
    /// valid follows (a torn tail).
    ///
    /// A frame qualifies when its length is within the limit and inside the file, its type is
    /// not 0, its checksum matches, and its sequence could follow frame `expected - 1`: at
    /// least `expected`, and more by no more than the frames that fit between the damage and
    /// it (a frame takes at least 17 bytes). Taking the frame that ends first, rather than the
    /// one that starts first, lets the sweep stop there: the caller reads on from that frame,
    /// so no byte is swept twice however many damaged regions a file holds.
    func nextValidFrame(after damaged: Int, expected: UInt64) throws(JournalError) -> Resumption? {
        let headerSize = JournalFormat.frameHeaderSize
        let first = damaged + 1
        guard first + headerSize <= fileSize else { return nil }
        var pending = PendingFrames()
        // The raw register over the bytes from `first` up to the current position.
        var register: UInt32 = 0
        let seed = ~saltState
        let fileSize = fileSize
        let chunk = Self.chunkSize
        var position = first
        var stoppedAt: Int?
        while position <= fileSize {
            let end = min(position + chunk, fileSize)
            try load(offset: position, count: min(end + headerSize, fileSize) - position)
            let base = windowStart
            let found: Int? = window.withUnsafeBytes { raw in
                CRC32C.tables.withUnsafeBufferPointer { tables in
                    var offset = position
                    while true {
                        // Candidates that end here: their checksum holds when the register does.
                        while let top = pending.popEnding(at: offset) {
                            if top.target == register {
                                stoppedAt = offset
                                return top.start
                            }
                        }
                        guard offset < end else { return nil }
                        let local = offset - base
                        // Most of a damaged region is runs of eight-byte blocks in which no
                        // candidate starts and none ends: find the run with the cheapest check,
                        // then move the register over it in one go.
                        var quiet = offset
                        let nextEnd = pending.nextEnd
                        while end - quiet >= 8, quiet + 8 + headerSize <= fileSize, nextEnd >= quiet + 8,
                              !Self.anySequenceFits(raw, quiet - base, at: quiet, damaged: damaged, expected: expected) {
                            quiet += 8
                        }
                        if quiet > offset {
                            register = CRC32C.raw(register, UnsafeRawBufferPointer(rebasing: raw[local..<(quiet - base)]))
                            offset = quiet
                            continue
                        }
                        if let candidate = Self.candidate(raw, local, at: offset, damaged: damaged, expected: expected, fileSize: fileSize) {
                            // The register where the checksummed bytes (type onwards) start.
                            let start = CRC32C.step8(register, low: Self.u32(raw, local), high: Self.u32(raw, local + 4), tables)
                            let covered = candidate.end - (offset + 8)
                            let stored = Self.u32(raw, local + 4)
                            let target = ~CRC32C.unmask(stored) ^ CRC32C.shift(seed ^ start, bytes: covered)
                            pending.insert(PendingFrame(end: candidate.end, size: UInt32(candidate.end - offset), target: target))
                            work.candidates += 1
                        }
                        register = CRC32C.step(register, raw[local], tables)
                        offset += 1
                    }
                }
            }
            work.bytesSwept += (stoppedAt ?? end) - position
            if let found {
                try load(offset: found, count: headerSize, chunk: 0)
                let sequence = window.withUnsafeBytes { Self.u64($0, found - windowStart + 9) }
                return Resumption(offset: found, sequence: sequence)
            }
            if end == fileSize { return nil }
            position = end
        }
        return nil
    }

    /// Whether any of the eight offsets from `local` holds a sequence number that could follow
    /// the damage: the first and most selective of the checks, done for a whole block so that
    /// blocks without one cost a few instructions a byte.
    @inline(__always)
    private static func anySequenceFits(_ raw: UnsafeRawBufferPointer, _ local: Int, at offset: Int, damaged: Int, expected: UInt64) -> Bool {
        // Frames that fit between the damage and the block's end, each at least a header long.
        let limit = UInt64((offset + 8 - damaged) / JournalFormat.frameHeaderSize)
        var fits = false
        for index in 0..<8 {
            let sequence = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: local + index + 9, as: UInt64.self))
            fits = fits || sequence &- expected <= limit
        }
        return fits
    }

    /// The cheap checks a frame header at `local` must pass before its checksum is worth
    /// testing; its end and sequence when it does.
    @inline(__always)
    private static func candidate(
        _ raw: UnsafeRawBufferPointer, _ local: Int, at offset: Int, damaged: Int, expected: UInt64, fileSize: Int
    ) -> (end: Int, sequence: UInt64)? {
        guard offset + JournalFormat.frameHeaderSize <= fileSize else { return nil }
        let sequence = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: local + 9, as: UInt64.self))
        let later = sequence &- expected
        // Frames that fit between the damage and here, each at least a header long.
        guard later <= UInt64(fileSize / JournalFormat.frameHeaderSize),
              Int(later) * JournalFormat.frameHeaderSize <= offset - damaged,
              raw[local + 8] != 0 else { return nil }
        let length = Int(u32(raw, local))
        guard length <= JournalFormat.maximumPayloadSize else { return nil }
        let end = offset + JournalFormat.frameHeaderSize + length
        guard end <= fileSize else { return nil }
        return (end, sequence)
    }
}

/// Candidates waiting for the sweep to reach their ends, earliest end first. Candidates
/// usually arrive in order of their ends (a run of headers with equal lengths does), and those
/// go to a queue at constant cost; the rest go to a heap.
private struct PendingFrames {
    private var ordered = Deque<PendingFrame>()
    private var unordered = Heap<PendingFrame>()

    /// The earliest end of any pending candidate, or `Int.max`.
    var nextEnd: Int {
        min(ordered.first?.end ?? .max, unordered.min?.end ?? .max)
    }

    mutating func insert(_ frame: PendingFrame) {
        if ordered.last.map({ $0 <= frame }) ?? true {
            ordered.append(frame)
        } else {
            unordered.insert(frame)
        }
    }

    /// Removes and returns a candidate that ends at `offset`, the one that starts first.
    mutating func popEnding(at offset: Int) -> PendingFrame? {
        let first = ordered.first.flatMap { $0.end == offset ? $0 : nil }
        let least = unordered.min.flatMap { $0.end == offset ? $0 : nil }
        switch (first, least) {
        case (nil, nil): return nil
        case (_?, nil): return ordered.removeFirst()
        case (nil, _?): return unordered.removeMin()
        case (let first?, let least?): return first <= least ? ordered.removeFirst() : unordered.removeMin()
        }
    }
}

/// A candidate frame waiting for the sweep to reach its end.
///
/// Sixteen bytes, since a damaged region can hold a candidate at about one offset in three:
/// the sequence number is read again from the file for the one that is found.
private struct PendingFrame: Comparable {
    let end: Int
    /// The frame's size (at most a header plus 16 MiB).
    let size: UInt32
    /// The register value at `end` for which the candidate's checksum matches.
    let target: UInt32

    var start: Int { end - Int(size) }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.end, rhs.size) < (rhs.end, lhs.size)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.end == rhs.end && lhs.size == rhs.size
    }
}
