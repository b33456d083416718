/// How a journal's valid records end.
public enum JournalEnding: Sendable, Equatable, CustomStringConvertible {
    /// The last record is the clean-close marker.
    case closed
    /// The records end at a frame boundary without a close marker: the recorder is still
    /// running, or the app stopped between two writes.
    case open
    /// The file ends in an incomplete or damaged last frame, as a crash mid-write leaves it.
    /// Every record before `offset` is intact.
    case tornTail(offset: Int, bytes: Int)

    public var description: String {
        switch self {
        case .closed: "closed cleanly"
        case .open: "not closed (recorder running or stopped between writes)"
        case .tornTail(let offset, let bytes): "torn tail at offset \(offset) (\(bytes) bytes)"
        }
    }
}
