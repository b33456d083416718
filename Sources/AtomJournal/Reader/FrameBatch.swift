import CCRC32C

/// Up to four consecutive frames that lie whole in the reader's window, found by their length
/// fields alone, so that their checksums can be computed side by side: a frame of a few dozen
/// bytes is too short for one checksum chain to keep the processor's CRC unit busy, and on a
/// journal of small steps the checksums were most of what opening it cost.
struct FrameBatch {
    private(set) var count = 0
    private var starts = (0, 0, 0, 0)
    private var sizes = (0, 0, 0, 0)

    /// The frames from `position`, stopping at a length over the limit or a frame that
    /// crosses the window's end (the reader's frame-by-frame rules deal with those).
    @inline(__always)
    init(_ raw: UnsafeRawBufferPointer, from position: Int) {
        var next = position
        while count < 4, raw.count - next >= JournalFormat.frameHeaderSize {
            let length = Int(JournalReader.u32(raw, next))
            guard length <= JournalFormat.maximumPayloadSize else { break }
            let size = JournalFormat.frameHeaderSize + length
            guard raw.count - next >= size else { break }
            switch count {
            case 0: (starts.0, sizes.0) = (next, size)
            case 1: (starts.1, sizes.1) = (next, size)
            case 2: (starts.2, sizes.2) = (next, size)
            default: (starts.3, sizes.3) = (next, size)
            }
            count += 1
            next += size
        }
    }

    /// The start and size of frame `lane`.
    @inline(__always)
    subscript(lane: Int) -> (start: Int, size: Int) {
        switch lane {
        case 0: (starts.0, sizes.0)
        case 1: (starts.1, sizes.1)
        case 2: (starts.2, sizes.2)
        default: (starts.3, sizes.3)
        }
    }

    /// Each frame's checksum (before masking): the CRC-32C of the salt continued over its bytes
    /// from the type on.
    @inline(__always)
    func checksums(_ raw: UnsafeRawBufferPointer, salted saltState: UInt32) -> (UInt32, UInt32, UInt32, UInt32) {
        guard CRC32C.hardware, let base = raw.baseAddress else {
            func sum(_ lane: Int) -> UInt32 { lane < count ? CRC32C.update(saltState, covered(raw, lane)) : 0 }
            return (sum(0), sum(1), sum(2), sum(3))
        }
        // Lanes past `count` repeat the first frame, so that all four chains run in step.
        func lane(_ index: Int) -> (UnsafeRawPointer, Int) {
            let (start, size) = self[index < count ? index : 0]
            return (base + start + 8, size - 8)
        }
        let (b0, n0) = lane(0), (b1, n1) = lane(1), (b2, n2) = lane(2), (b3, n3) = lane(3)
        let seed = ~saltState
        var lanes = atomscope_crc32c_lanes(bytes: (b0, b1, b2, b3), count: (n0, n1, n2, n3), crc: (seed, seed, seed, seed))
        atomscope_crc32c_hardware_lanes(&lanes)
        return (~lanes.crc.0, ~lanes.crc.1, ~lanes.crc.2, ~lanes.crc.3)
    }

    private func covered(_ raw: UnsafeRawBufferPointer, _ lane: Int) -> UnsafeRawBufferPointer {
        let (start, size) = self[lane]
        return UnsafeRawBufferPointer(rebasing: raw[(start + 8)..<(start + size)])
    }
}
