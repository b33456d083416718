import Foundation

/// When opening a journal indexes its second half on another thread (``IndexSecondHalf``).
///
/// Checking a journal's frames costs about twice what reading its bytes does, and a scan is
/// one chain of frames: each frame's length says where the next starts. Splitting the file
/// in two at a byte offset, the second half starts at the first valid frame after the
/// split, found by its checksum, and counts commits and times from zero until its first
/// keyframe says what they are. The first half's scan checks that it reaches that frame with
/// the same sequence number before it takes anything from the second.
struct IndexSplit: Equatable {
    /// The fewest bytes of frames worth splitting: below it, starting the other thread and
    /// joining the halves cost about what the split saves.
    var minimum = Self.processors >= 2 ? 16 << 20 : Int.max
    /// Where the split falls, as a file offset; `nil` for the middle of the frames.
    var at: Int?
    /// How many bytes after the split the second half looks through for its first frame:
    /// a split inside a frame longer than this is not worth a search (the first half scans
    /// on alone).
    var search = 64 << 10
    /// How much each half reads at a time: with no read-ahead, a chunk that fits the
    /// second-level cache is checked from there, not from memory.
    var chunk = 256 << 10
    /// Whether the second half goes to another thread at all: tests turn it off to see the
    /// first half take it back, as when every thread of the pool is busy.
    var handsOver = true
    /// Whether the first half, done before any thread took the second up, waits for one
    /// instead of taking the job back: tests set it so that the second half is always
    /// indexed apart.
    var waitsForAThread = false

    /// Never split.
    static let never = IndexSplit(minimum: .max)

    private static let processors = ProcessInfo.processInfo.activeProcessorCount

    /// The offset to split a journal's frames at, between `first` (where frame 0 starts) and
    /// the file's end; `nil` when the journal is too small to split.
    func point(first: Int, fileSize: Int) -> Int? {
        guard fileSize - first >= max(minimum, 1) else { return nil }
        let split = at ?? first + (fileSize - first) / 2
        guard split > first, split < fileSize else { return nil }
        return split
    }
}
