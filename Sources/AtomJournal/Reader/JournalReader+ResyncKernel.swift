import CCRC32C

/// The search for a valid frame after damage through `CCRC32C/frame_search.c`: the same rules
/// and the same answer as ``JournalReader/nextValidFramePortably(after:expected:)``, at a few
/// dozen instructions per candidate instead of hundreds, so that garbage dense with believable
/// headers is scanned within a small factor of a clean journal. The C loop never allocates:
/// it stops when its pending candidates might not fit, and this side grows them.
extension JournalReader {
    /// Whether this processor runs the C search (SSE 4.2 and carry-less multiply).
    static let frameSearchKernel = atomscope_frame_search_available() != 0

    func nextValidFrameWithKernel(after damaged: Int, expected: UInt64) throws(JournalError) -> Resumption? {
        let headerSize = JournalFormat.frameHeaderSize
        let first = damaged + 1
        guard first + headerSize <= fileSize else { return nil }
        var pending = FrameSearchStorage()
        var search = atomscope_frame_search()
        search.damaged = Int64(damaged)
        search.expected = expected
        search.file_size = Int64(fileSize)
        search.seed = ~saltState
        search.maximum_payload = UInt32(JournalFormat.maximumPayloadSize)
        search.offset = Int64(first)
        search.reg = 0
        pending.lend(to: &search)
        let chunk = Self.chunkSize
        let candidatesBefore = work.candidates
        var position = first
        while true {
            let end = min(position + chunk, fileSize)
            try load(offset: position, count: min(end + headerSize, fileSize) - position)
            let base = Int64(windowStart)
            var status = ATOMSCOPE_FRAME_SEARCH_FULL
            window.withUnsafeBytes { raw in
                guard let address = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                status = atomscope_frame_search_sweep(&search, address, base, Int64(end))
                while status == ATOMSCOPE_FRAME_SEARCH_FULL {
                    pending.grow(&search)
                    status = atomscope_frame_search_sweep(&search, address, base, Int64(end))
                }
            }
            work.candidates = candidatesBefore + Int(search.candidates)
            if status == ATOMSCOPE_FRAME_SEARCH_FOUND {
                let found = Int(search.found_start)
                work.bytesSwept += Int(search.found_end) - position
                try load(offset: found, count: headerSize, chunk: 0)
                let sequence = window.withUnsafeBytes { Self.u64($0, found - windowStart + 9) }
                return Resumption(offset: found, sequence: sequence)
            }
            work.bytesSwept += end - position
            if end == fileSize || status != ATOMSCOPE_FRAME_SEARCH_REACHED_END { return nil }
            position = end
        }
    }
}

/// The memory the C search keeps its pending candidates in: a ring for those that arrive in
/// order of their ends and a heap for the rest, each grown here when the search asks.
private struct FrameSearchStorage: ~Copyable {
    private var ring: UnsafeMutableBufferPointer<atomscope_frame_candidate>
    private var heap: UnsafeMutableBufferPointer<atomscope_frame_candidate>

    init() {
        ring = .allocate(capacity: 256)
        heap = .allocate(capacity: 256)
    }

    deinit {
        ring.deallocate()
        heap.deallocate()
    }

    func lend(to search: inout atomscope_frame_search) {
        search.ring = ring.baseAddress
        search.ring_capacity = ring.count
        search.heap = heap.baseAddress
        search.heap_capacity = heap.count
    }

    /// Doubles whichever of the two is short of room, keeping the ring's order (its capacity
    /// stays a power of two) and the heap's layout.
    mutating func grow(_ search: inout atomscope_frame_search) {
        if search.ring_capacity - search.ring_count < Int(ATOMSCOPE_FRAME_SEARCH_ROOM) {
            let larger = UnsafeMutableBufferPointer<atomscope_frame_candidate>.allocate(capacity: ring.count * 2)
            let mask = ring.count - 1
            for index in 0..<search.ring_count {
                larger[index] = ring[(search.ring_head + index) & mask]
            }
            ring.deallocate()
            ring = larger
            search.ring_head = 0
        }
        if search.heap_capacity - search.heap_count < Int(ATOMSCOPE_FRAME_SEARCH_ROOM) {
            let larger = UnsafeMutableBufferPointer<atomscope_frame_candidate>.allocate(capacity: heap.count * 2)
            for index in 0..<search.heap_count {
                larger[index] = heap[index]
            }
            heap.deallocate()
            heap = larger
        }
        lend(to: &search)
    }
}
