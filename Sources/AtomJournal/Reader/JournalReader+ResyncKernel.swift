import CCRC32C

/// The search for a valid frame after damage through `CCRC32C/frame_search.c`: the same rules
/// and the same answer as ``JournalReader/nextValidFramePortably(after:expected:)``, at a few
/// dozen instructions per candidate instead of hundreds, so that garbage dense with believable
/// headers is scanned within a small factor of a clean journal. The C loop never allocates:
/// it stops when its pending candidates might not fit, and this side grows them.
///
/// A long stretch of damage is swept in two halves at once (``FrameSearchHalf``): the second
/// half on another thread from a register of 0, the first on this one. CRC-32C is linear, so
/// the second half's targets are moved into the first half's register when the two are joined,
/// and the first half then only settles its own candidates that end past the split. The answer
/// is the one a single sweep gives; each byte is swept at most twice.
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
            search.window_limit = base + Int64(window.count)
            var status = ATOMSCOPE_FRAME_SEARCH_FULL
            var settled: Int64 = 0
            window.withUnsafeBytes { raw in
                guard let address = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                // The first stretch alone: damage is most often a torn or flipped frame with
                // valid ones right after it, found before another thread would have started.
                let alone = min(Int64(end), search.offset + Int64(searchSplit.alone))
                status = Self.sweep(&search, &pending, address, base, to: alone)
                guard status == ATOMSCOPE_FRAME_SEARCH_REACHED_END, alone < Int64(end) else { return }
                if Int64(end) - alone >= Int64(searchSplit.minimum) {
                    (status, settled) = Self.sweepSplit(&search, &pending, address, base, to: Int64(end), handsOver: searchSplit.handsOver)
                } else {
                    status = Self.sweep(&search, &pending, address, base, to: Int64(end))
                }
            }
            work.candidates = candidatesBefore + Int(search.candidates)
            work.bytesSwept += Int(settled)
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

    /// Sweeps up to `end`, growing the candidates' storage as often as the sweep asks.
    private static func sweep(
        _ search: inout atomscope_frame_search, _ pending: inout FrameSearchStorage,
        _ window: UnsafePointer<UInt8>, _ base: Int64, to end: Int64
    ) -> Int32 {
        var status = atomscope_frame_search_sweep(&search, window, base, end)
        while status == ATOMSCOPE_FRAME_SEARCH_FULL {
            pending.grow(&search)
            status = atomscope_frame_search_sweep(&search, window, base, end)
        }
        return status
    }

    /// Sweeps from `search.offset` to `end` in two halves at once; returns the status a single
    /// sweep would have and the bytes swept beyond what a single sweep would have swept.
    private static func sweepSplit(
        _ search: inout atomscope_frame_search, _ pending: inout FrameSearchStorage,
        _ window: UnsafePointer<UInt8>, _ base: Int64, to end: Int64, handsOver: Bool
    ) -> (Int32, extra: Int64) {
        // A multiple of 16 from where the sweep stands, so that its blocks keep their places.
        let split = search.offset + (((end - search.offset) / 2) & ~15)
        let other = FrameSearchHalf(like: search, window: window, base: base, from: split, to: end, handsOver: handsOver)
        // The second half's candidates live in its storage until they are adopted.
        return withExtendedLifetime(other) {
            let status = sweep(&search, &pending, window, base, to: split)
            if status != ATOMSCOPE_FRAME_SEARCH_REACHED_END {
                // Its bytes were swept for nothing, but swept: the work counts them.
                return (status, other.cancel() - split)
            }
            guard let second = other.finish() else {
                // No thread took the second half up in time (all busy): this one sweeps it.
                return (sweep(&search, &pending, window, base, to: end), 0)
            }
            search.candidates += second.search.candidates
            let atSplit = search.reg
            // Candidates that start before the split and end past it: the first half's alone to
            // test, up to where the second half found a frame (one of the first half's that ends
            // there too starts first, so it wins).
            let limit = second.status == ATOMSCOPE_FRAME_SEARCH_FOUND ? second.search.found_end : end
            let settle = atomscope_frame_search_settle(&search, window, base, limit)
            let settled = search.offset - split
            if settle == ATOMSCOPE_FRAME_SEARCH_FOUND { return (settle, settled) }
            if second.status == ATOMSCOPE_FRAME_SEARCH_FOUND {
                search.found_start = second.search.found_start
                search.found_end = second.search.found_end
                return (ATOMSCOPE_FRAME_SEARCH_FOUND, settled)
            }
            // Neither found one: the first half takes the second's candidates and stands at its end.
            pending.reserveHeap(second.search.ring_count + second.search.heap_count, &search)
            var joined = second.search
            return (atomscope_frame_search_adopt(&search, &joined, split, atSplit), settled)
        }
    }
}

/// The memory the C search keeps its pending candidates in: a ring for those that arrive in
/// order of their ends and a heap for the rest, each grown here when the search asks.
struct FrameSearchStorage: ~Copyable {
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
            growHeap(to: heap.count * 2, search.heap_count)
        }
        lend(to: &search)
    }

    /// Makes room in the heap for `count` more candidates.
    mutating func reserveHeap(_ count: Int, _ search: inout atomscope_frame_search) {
        var capacity = heap.count
        while capacity - search.heap_count < count { capacity *= 2 }
        if capacity != heap.count { growHeap(to: capacity, search.heap_count) }
        lend(to: &search)
    }

    private mutating func growHeap(to capacity: Int, _ count: Int) {
        let larger = UnsafeMutableBufferPointer<atomscope_frame_candidate>.allocate(capacity: capacity)
        for index in 0..<count {
            larger[index] = heap[index]
        }
        heap.deallocate()
        heap = larger
    }
}
