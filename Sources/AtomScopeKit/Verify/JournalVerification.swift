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

    /// Checks every frame of a journal. Mid-file damage throws; a torn tail is reported.
    public init(url: URL) throws(JournalError) {
        let reader = try JournalReader(url: url)
        var frames = 0
        var steps = 0
        ending = try reader.scanFrames { frame in
            frames += 1
            if frame.isStep { steps += 1 }
        }
        path = reader.path
        self.frames = frames
        self.steps = steps
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
