/// A damaged run of bytes that valid frames follow, as
/// ``JournalReader/scanFrames(reportingDamage:_:)`` finds it.
public struct JournalDamage: Sendable, Equatable, CustomStringConvertible {
    /// The first damaged byte: where a frame was expected and none was valid.
    public let offset: Int
    /// Where valid frames resume. Equal to `offset` when the frame there is valid but frames
    /// before it are missing.
    public let resumeOffset: Int
    /// Frames whose sequence numbers the damage took: the sequence resumed at, less the one
    /// expected.
    public let lostFrames: UInt64
    /// What was wrong at `offset`.
    public let reason: String

    /// The damaged bytes' count.
    public var bytes: Int { resumeOffset - offset }

    public var description: String {
        let frames = lostFrames == 1 ? "1 frame" : "\(lostFrames) frames"
        if bytes == 0 {
            return "\(frames) missing before offset \(offset) (\(reason))"
        }
        return "\(bytes) damaged bytes at offset \(offset) (\(reason)), \(frames) lost; valid frames resume at offset \(resumeOffset)"
    }
}
