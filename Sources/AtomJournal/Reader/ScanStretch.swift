/// Where a scan stands between two frames: the next frame's offset and sequence number, and
/// the type of the last frame visited (a journal whose last frame is a close record ended
/// cleanly). A scan can stop at a limit and go on later from here, so that opening a large
/// journal can index its second half on another thread (``IndexSplit``).
struct ScanPosition: Equatable {
    var offset: Int
    var expected: UInt64 = 0
    var lastType: UInt8?
}

/// How a scan with a limit stopped.
enum ScanOutcome: Equatable {
    /// The file ended: every frame was visited.
    case ended(JournalEnding)
    /// The next frame starts at or past the limit.
    case reached(ScanPosition)
}

/// What the scan's fast path took from the window: the bytes and frames consumed, the last
/// frame's type, and the visitor's error if it refused a frame (the frames before it count).
struct TakenFrames {
    let consumed: Int
    let frames: UInt64
    let last: UInt8?
    let failure: JournalError?
}
