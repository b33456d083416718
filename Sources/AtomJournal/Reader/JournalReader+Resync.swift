import CCRC32C
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
        if Self.frameSearchKernel, !searchesPortably {
            return try nextValidFrameWithKernel(after: damaged, expected: expected)
        }
        return try nextValidFramePortably(after: damaged, expected: expected)
    }

    /// ``nextValidFrame(after:expected:)`` in Swift alone: for processors without the
    /// instructions `CCRC32C/frame_search.c` uses, and the reference tests compare it with.
    func nextValidFramePortably(after damaged: Int, expected: UInt64) throws(JournalError) -> Resumption? {
        let headerSize = JournalFormat.frameHeaderSize
        let first = damaged + 1
        guard first + headerSize <= fileSize else { return nil }
        var pending = PendingFrames()
        // The raw register over the bytes from `first` up to the current position.
        var register: UInt32 = 0
        let seed = ~saltState
        let fileSize = fileSize
        let chunk = Self.chunkSize
        let hardware = CRC32C.hardware
        // Read once: a static's lazy initialisation check costs more than a shift.
        let shiftHardware = CRC32C.shiftHardware
        var position = first
        var stoppedAt: Int?
        while position <= fileSize {
            let end = min(position + chunk, fileSize)
            try load(offset: position, count: min(end + headerSize, fileSize) - position)
            let base = windowStart
            let found: Int? = window.withUnsafeBytes { raw in
                CRC32C.tables.withUnsafeBufferPointer { tables in
                    // The register after `count` (at most 15) bytes from `local`, starting from `from`.
                    func advance(_ from: UInt32, _ local: Int, _ count: Int) -> UInt32 {
                        if hardware, let address = raw.baseAddress {
                            return atomscope_crc32c_hardware_short(from, address + local, count)
                        }
                        var register = from
                        for index in local..<(local + count) { register = CRC32C.step(register, raw[index], tables) }
                        return register
                    }
                    var offset = position
                    while true {
                        // Candidates that end here: their checksum holds when the register does.
                        while let top = pending.popEarliest(endingBefore: offset + 1) {
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
                              Self.sequencesThatFit(raw, quiet - base, at: quiet, damaged: damaged, expected: expected) == 0 {
                            quiet += 8
                        }
                        if quiet > offset {
                            register = CRC32C.raw(register, UnsafeRawBufferPointer(rebasing: raw[local..<(quiet - base)]))
                            offset = quiet
                            continue
                        }
                        if end - offset >= 8, offset + 8 + headerSize <= fileSize {
                            // A block in which candidates start or frames end. The register at
                            // any offset inside it is a checksum of at most fifteen bytes from
                            // the block's start, so the sweep still moves eight bytes at a time.
                            let blockEnd = offset + 8
                            while let top = pending.popEarliest(endingBefore: blockEnd) {
                                if top.target == advance(register, local, top.end - offset) {
                                    stoppedAt = top.end
                                    return top.start
                                }
                            }
                            var fits = Self.sequencesThatFit(raw, local, at: offset, damaged: damaged, expected: expected)
                            while fits != 0 {
                                let index = fits.trailingZeroBitCount
                                fits &= fits - 1
                                guard let candidateEnd = Self.candidateEnd(raw, local + index, at: offset + index, damaged: damaged, expected: expected, fileSize: fileSize) else {
                                    continue
                                }
                                let start = advance(register, local, index + 8)
                                pending.insert(Self.pendingFrame(raw, local + index, at: offset + index, end: candidateEnd, start: start, seed: seed, hardware: shiftHardware))
                                work.candidates += 1
                            }
                            register = advance(register, local, 8)
                            offset = blockEnd
                            continue
                        }
                        // The last bytes of a chunk or of the file, one at a time.
                        if let candidateEnd = Self.candidateEnd(raw, local, at: offset, damaged: damaged, expected: expected, fileSize: fileSize) {
                            let start = advance(register, local, 8)
                            pending.insert(Self.pendingFrame(raw, local, at: offset, end: candidateEnd, start: start, seed: seed, hardware: shiftHardware))
                            work.candidates += 1
                        }
                        register = advance(register, local, 1)
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

    /// Which of the eight offsets from `local` hold a sequence number that could follow the
    /// damage, one bit each: the first and most selective of the checks, done for a whole block
    /// so that blocks without one cost a few instructions a byte.
    @inline(__always)
    private static func sequencesThatFit(_ raw: UnsafeRawBufferPointer, _ local: Int, at offset: Int, damaged: Int, expected: UInt64) -> UInt8 {
        // Frames that fit between the damage and the block's end, each at least a header long.
        let limit = UInt64((offset + 8 - damaged) / JournalFormat.frameHeaderSize)
        var fits: UInt8 = 0
        for index in 0..<8 {
            let sequence = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: local + index + 9, as: UInt64.self))
            fits |= (sequence &- expected <= limit ? 1 : 0) << UInt8(index)
        }
        return fits
    }

    /// A candidate waiting for its end, from the register where its checksummed bytes start.
    @inline(__always)
    private static func pendingFrame(
        _ raw: UnsafeRawBufferPointer, _ local: Int, at offset: Int, end: Int, start: UInt32, seed: UInt32, hardware: Bool
    ) -> PendingFrame {
        let covered = end - (offset + 8)
        let target = ~CRC32C.unmask(u32(raw, local + 4)) ^ CRC32C.shift(seed ^ start, bytes: covered, hardware: hardware)
        return PendingFrame(end: end, size: UInt32(end - offset), target: target)
    }

    /// The cheap checks a frame header at `local` must pass before its checksum is worth
    /// testing; its end when it does.
    @inline(__always)
    private static func candidateEnd(
        _ raw: UnsafeRawBufferPointer, _ local: Int, at offset: Int, damaged: Int, expected: UInt64, fileSize: Int
    ) -> Int? {
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
        return end <= fileSize ? end : nil
    }
}

/// Candidates waiting for the sweep to reach their ends, earliest end first. Candidates
/// usually arrive in order of their ends (a run of headers with equal lengths does), and those
/// go to a ring at constant cost; the rest go to a heap. The ring is raw memory rather than a
/// `Deque` because at one candidate every nine bytes the collection's uniqueness checks cost
/// more than the candidate's checksum.
private struct PendingFrames: ~Copyable {
    private var ring: UnsafeMutableBufferPointer<PendingFrame>
    private var head = 0
    private var count = 0
    private var unordered = Heap<PendingFrame>()

    init() {
        ring = .allocate(capacity: 64)
    }

    deinit {
        ring.deallocate()
    }

    /// The earliest end of any pending candidate, or `Int.max`.
    var nextEnd: Int {
        min(count > 0 ? ring[head].end : .max, unordered.min?.end ?? .max)
    }

    mutating func insert(_ frame: PendingFrame) {
        if count == 0 || ring[(head + count - 1) & (ring.count - 1)] <= frame {
            if count == ring.count { grow() }
            ring[(head + count) & (ring.count - 1)] = frame
            count += 1
        } else {
            unordered.insert(frame)
        }
    }

    /// Removes and returns the candidate that ends first, if it ends before `limit`; of
    /// candidates that end together, the one that starts first.
    mutating func popEarliest(endingBefore limit: Int) -> PendingFrame? {
        let first = count > 0 && ring[head].end < limit ? ring[head] : nil
        let least = unordered.min.flatMap { $0.end < limit ? $0 : nil }
        switch (first, least) {
        case (nil, nil): return nil
        case (let first?, nil): return removeFirst(first)
        case (nil, _?): return unordered.removeMin()
        case (let first?, let least?): return first <= least ? removeFirst(first) : unordered.removeMin()
        }
    }

    private mutating func removeFirst(_ frame: PendingFrame) -> PendingFrame {
        head = (head + 1) & (ring.count - 1)
        count -= 1
        return frame
    }

    /// Doubles the ring (its capacity stays a power of two), keeping the order.
    private mutating func grow() {
        let larger = UnsafeMutableBufferPointer<PendingFrame>.allocate(capacity: ring.count * 2)
        for index in 0..<count {
            larger[index] = ring[(head + index) & (ring.count - 1)]
        }
        ring.deallocate()
        ring = larger
        head = 0
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
