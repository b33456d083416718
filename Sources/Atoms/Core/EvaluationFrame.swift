/// One evaluation in progress. The store keeps one frame per nesting depth and reuses it.
///
/// While an evaluation watches the same atoms in the same order as last time, the frame only
/// counts them (`confirmed`), so a stable evaluation copies no dependency list. At the first
/// difference it switches to collecting every watched atom in `watched`.
///
/// A struct in memory the store owns (``EvaluationFrames``), reached by nesting depth: as an
/// object, every evaluation retained and released its frame three times (taking it, and the
/// context that carries it).
@usableFromInline
struct EvaluationFrame {
    /// The dependencies of the evaluating node before this evaluation: a view of the node's
    /// own list (``NodeList``), which stays as it is until the evaluation ends.
    @usableFromInline var previous = NodeList()
    /// The token of the running evaluation; 0 once it has returned, so that a context that
    /// escaped its evaluation can tell.
    @usableFromInline var token = 0
    /// How many of the node's previous dependencies this evaluation watched again, in order.
    @usableFromInline var confirmed = 0
    /// Whether the evaluation departed from its previous dependencies; from then on
    /// `watched` holds every atom it watched.
    @usableFromInline var diverged = false
    /// Unretained (``NodeList``): every node an evaluation watches is alive until the
    /// transaction ends, and the frame is done with it before then. Owned by the frame.
    @usableFromInline var watched = NodeList()
    /// Position in the previous dependencies, for resolving a watch without hashing.
    @usableFromInline var cursor = 0
}

/// Where a frame is; valid until the store's evaluations have all returned (``EvaluationFrames``),
/// and for the store's life when it is in the first chunk (``EvaluationFrames/lasts(depth:)``).
@usableFromInline
typealias FrameRef = UnsafeMutablePointer<EvaluationFrame>

/// The store's evaluation frames by nesting depth, in chunks that never move while an
/// evaluation runs, so that a frame's address stays valid across the nested evaluations it
/// starts.
///
/// Contexts name their frame by depth, never by address: a context that escaped its evaluation
/// finds either another evaluation's token at that depth or no frame at all, and only reads.
/// So the chunks beyond the first can be freed once every evaluation has returned, which keeps
/// a chain of thousands from holding a frame per level after its first computation.
///
/// Accessed only by the store, on the main actor (the proof at ``NodeBase`` covers it).
@usableFromInline
struct EvaluationFrames {
    @usableFromInline var chunks: ContiguousArray<FrameRef> = []
    /// The first chunk, where almost every evaluation's frame is.
    @usableFromInline var first: FrameRef?

    /// Frames per chunk: steady-state writes evaluate a level or two deep (pulling is
    /// iterative), so the first chunk is small; it stays for the store's life (1.3 KB).
    @inlinable static var chunkSize: Int { 16 }

    /// The frame at `depth`, if one was made.
    @inlinable @inline(__always)
    func frame(at depth: Int) -> FrameRef? {
        if UInt(bitPattern: depth) < UInt(Self.chunkSize), let first {
            return first + depth
        }
        let chunk = depth / Self.chunkSize
        guard depth >= 0, chunk < chunks.count else { return nil }
        return chunks[chunk] + depth % Self.chunkSize
    }

    /// Whether the frame at `depth` is in the first chunk, which is freed only with the store:
    /// a context that holds the store can keep that frame's address for as long as it lives,
    /// and reach its frame without asking the store (``AtomTransactionContext``'s inlined
    /// watch). Deeper frames' chunks go once every evaluation has returned.
    @inlinable @inline(__always)
    static func lasts(depth: Int) -> Bool {
        UInt(bitPattern: depth) < UInt(chunkSize)
    }

    /// The frame at `depth`, made if needed.
    @inlinable @inline(__always)
    mutating func makeFrame(at depth: Int) -> FrameRef {
        if let frame = frame(at: depth) { return frame }
        return grow(to: depth)
    }

    @usableFromInline mutating func grow(to depth: Int) -> FrameRef {
        while depth / Self.chunkSize >= chunks.count {
            let chunk = FrameRef.allocate(capacity: Self.chunkSize)
            chunk.initialize(repeating: EvaluationFrame(), count: Self.chunkSize)
            chunks.append(chunk)
            if first == nil { first = chunk }
        }
        return chunks[depth / Self.chunkSize] + depth % Self.chunkSize
    }

    /// Frees every chunk but the first; only while no evaluation runs.
    @inlinable @inline(__always)
    mutating func trim() {
        while chunks.count > 1, let chunk = chunks.popLast() {
            Self.free(chunk)
        }
    }

    /// Frees every chunk; the frames are not used afterwards.
    mutating func removeAll() {
        first = nil
        while let chunk = chunks.popLast() {
            Self.free(chunk)
        }
    }

    @usableFromInline static func free(_ chunk: FrameRef) {
        for index in 0..<chunkSize {
            chunk[index].watched.deallocate()
        }
        chunk.deinitialize(count: chunkSize)
        chunk.deallocate()
    }
}
