import AtomJournal
import Foundation
import SystemPackage

/// What `atomscope verify` finds, and the repair it can make.
public struct JournalVerification: Sendable, Equatable {
    /// The journal's path.
    public let path: String
    /// Valid frames read.
    public let frames: Int
    /// Steps among them.
    public let steps: Int
    /// How the valid frames end.
    public let ending: JournalEnding
    /// Keyframes after the first that were compared with the state the steps replay to.
    public let keyframesChecked: Int

    /// Checks a journal's framing and its meaning: every frame's length, checksum and
    /// sequence; every record decodes (value tags, UTF-8, counts); every step refers only to
    /// atoms, subscribers and locations the journal defines, and its commit follows the
    /// previous step's; every keyframe equals the state the steps before it replay to.
    /// Mid-file damage and any meaning that does not hold throw, naming the offset or the
    /// step; a torn tail is reported.
    public init(url: URL) throws(AtomScopeError) {
        let reader: JournalReader
        var frames = 0
        var steps = 0
        do {
            reader = try JournalReader(url: url)
            ending = try reader.scanFrames { frame in
                frames += 1
                if frame.isStep { steps += 1 }
            }
        } catch {
            throw AtomScopeError(error)
        }
        path = reader.path
        self.frames = frames
        self.steps = steps
        keyframesChecked = try Timeline(url: url).checkKeyframes()
    }

    /// What a repair would do: cut the torn tail, or nothing.
    public var repairPlan: String? {
        guard case .tornTail(let offset, let bytes) = ending else { return nil }
        return "cut the torn tail: truncate \(path) to \(offset) bytes, removing the last \(bytes) bytes"
    }

    /// Truncates the file at the torn tail's offset, keeping every valid frame. Does nothing
    /// to a journal without a torn tail.
    public func repair() throws(JournalError) {
        guard case .tornTail(let offset, _) = ending else { return }
        do {
            let descriptor = try FileDescriptor.open(FilePath(path), .writeOnly)
            defer { try? descriptor.close() }
            try descriptor.resize(to: Int64(offset))
        } catch {
            throw .writeFailed(path: path, reason: "\(error)")
        }
    }
}
