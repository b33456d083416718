extension JournalReader {
    /// Scans every frame into `builder` for ``JournalIndex``, indexing a large journal's
    /// second half on another thread (see ``IndexSplit``); the index, and any error, are
    /// what one scan from the start gives.
    func scanFrames(indexingInto builder: inout JournalIndexBuilder) throws(JournalError) -> JournalEnding {
        guard JournalIndexBuilder.takesRuns, !indexesPortably,
              let split = indexSplit.point(first: header.size, fileSize: fileSize) else {
            return try scanFrames(visitor: &builder)
        }
        let half = IndexSecondHalf(of: self, from: split, search: indexSplit.search, chunk: indexSplit.chunk, handsOver: indexSplit.handsOver, counting: builder.tally != nil, noting: builder.noter != nil)
        // Progress counts what both halves have read; it never goes back, even when the
        // first half scans on past the split itself.
        let report = progress
        defer { progress = report }
        let combined = report.map { SplitProgress(fileSize: fileSize, secondHalf: { half.bytesScanned }, report: $0) }
        if let combined {
            progress = { combined.firstHalfRead($0) }
        }
        builder.reserveOnly(before: split)
        // This thread reads its own chunks, and none past the split.
        readsAhead = false
        readLimit = split
        scanChunk = indexSplit.chunk
        let first: ScanOutcome
        do {
            first = try scan(from: ScanPosition(offset: header.size), until: split, recovering: false, damaged: { _ in }, &builder)
        } catch {
            half.cancel()
            endSplit()
            throw error
        }
        endSplit()
        combined?.secondHalf = { 0 }
        var position: ScanPosition
        switch first {
        case .ended(let ending):
            half.cancel()
            progress?(fileSize)
            return ending
        case .reached(let reached):
            position = reached
        }
        // The second half counts only if this scan reached its first frame, as that frame.
        if var indexed = half.finish(waitingForAThread: indexSplit.waitsForAThread && indexSplit.handsOver),
           indexed.stop.offset > indexed.start.offset,
           indexed.start.offset == position.offset, indexed.start.expected == position.expected,
           builder.absorb(&indexed.builder) {
            work.add(indexed.work)
            work.framesIndexedApart += Int(indexed.stop.expected - indexed.start.expected)
            position = indexed.stop
        }
        let rest = try scan(from: position, until: fileSize, recovering: false, damaged: { _ in }, &builder)
        progress?(fileSize)
        guard case .ended(let ending) = rest else { return .open }  // a scan to the end ends
        return ending
    }

    /// Back to a scan's usual reading, after the first half of a split index.
    private func endSplit() {
        readsAhead = true
        readLimit = .max
        scanChunk = Self.chunkSize
    }

    /// The first valid frame that starts at or after `split`, within `search` bytes of it:
    /// valid by its length, type and checksum, with whatever sequence number it holds.
    /// `nil` when there is none there. The bytes it checksums are bounded, so that a stretch
    /// of frame-like garbage cannot make the search cost more than a few reads.
    func firstFrame(from split: Int, within search: Int) throws(JournalError) -> ScanPosition? {
        let headerSize = JournalFormat.frameHeaderSize
        let last = min(split + search, fileSize - headerSize)
        let budget = 16 * search
        var checked = 0
        var offset = split
        while offset <= last {
            try load(offset: offset, count: headerSize)
            let local = offset - windowStart
            let (length, type) = window.withUnsafeBytes { (Int(Self.u32($0, local)), $0[local + 8]) }
            let size = headerSize + length
            if length <= JournalFormat.maximumPayloadSize, type != 0, size <= fileSize - offset, checked + size <= budget {
                try load(offset: offset, count: size)
                checked += size
                let start = offset - windowStart
                let stored = window.withUnsafeBytes { Self.u32($0, start + 4) }
                if frameChecksum(at: start, size: size) == stored {
                    return ScanPosition(offset: offset, expected: window.withUnsafeBytes { Self.u64($0, start + 9) })
                }
            }
            offset += 1
        }
        return nil
    }

    /// The size of the frame at `offset` by its length field, when that is within the limit
    /// and inside the file; `nil` otherwise.
    func plausibleFrameSize(at offset: Int) -> Int? {
        let headerSize = JournalFormat.frameHeaderSize
        guard offset <= fileSize - headerSize, (try? load(offset: offset, count: headerSize)) != nil else { return nil }
        let local = offset - windowStart
        let length = Int(window.withUnsafeBytes { Self.u32($0, local) })
        guard length <= JournalFormat.maximumPayloadSize, headerSize + length <= fileSize - offset else { return nil }
        return headerSize + length
    }
}
