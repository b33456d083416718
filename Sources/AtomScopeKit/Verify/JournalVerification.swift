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
    /// Zero bytes after the last frame: space the recorder reserved and had not written (it
    /// is recording, or its app died). Not damage.
    public let unwrittenBytes: Int
    /// Keyframes after the first that were compared with the state the steps replay to.
    /// None when the journal has damage that valid frames follow: steps after it cannot be
    /// placed in time, so nothing is replayed.
    public let keyframesChecked: Int
    /// Each damaged run that valid frames follow, in file order. The frames after it are
    /// counted in ``frames`` and ``steps``.
    public let damage: [JournalDamage]
    /// The file that was read (device and inode of the descriptor the reader opened), which
    /// ``repair()`` cuts only if the path still names it.
    private let fileIdentity: FileIdentity?

    /// Checks a journal's framing and its meaning: every frame's length, checksum and
    /// sequence; every record decodes (value tags, UTF-8, counts); every step refers only to
    /// atoms, subscribers and locations the journal defines, and its commit follows the
    /// previous step's; every keyframe equals the state the steps before it replay to.
    /// Mid-file damage is read past and reported in ``damage``, with every valid frame after
    /// it counted; a torn tail is reported; any meaning that does not hold throws, naming the
    /// step.
    public init(url: URL) throws(AtomScopeError) {
        // The file is opened once, as every reading command opens it; only when that read
        // stops at damage is it scanned again, reading past the damage to report it.
        let timeline: Timeline
        do {
            timeline = try Timeline(url: url)
        } catch {
            guard case .damagedJournal = error else { throw error }
            self = try Self(readingPastDamage: url, plainReadError: error)
            return
        }
        path = timeline.path
        frames = timeline.frameCount
        steps = timeline.stepCount
        ending = timeline.ending
        unwrittenBytes = timeline.journal.index.unwrittenBytes
        damage = []
        fileIdentity = timeline.fileIdentity
        keyframesChecked = try timeline.checkKeyframes()
    }

    /// The frames of a journal the plain read stopped in, read past its damage. With no
    /// damage that valid frames follow, what stopped the plain read was in what a record
    /// means, not in the framing, and `plainReadError` is thrown as it is.
    private init(readingPastDamage url: URL, plainReadError: AtomScopeError) throws(AtomScopeError) {
        let reader: JournalReader
        var frames = 0
        var steps = 0
        var damage: [JournalDamage] = []
        do {
            reader = try JournalReader(url: url)
            ending = try reader.scanFrames(reportingDamage: { damage.append($0) }) { frame in
                frames += 1
                if frame.isStep { steps += 1 }
            }
        } catch {
            throw AtomScopeError(error)
        }
        guard !damage.isEmpty else { throw plainReadError }
        path = reader.path
        unwrittenBytes = reader.unwrittenBytes
        self.frames = frames
        self.steps = steps
        self.damage = damage
        fileIdentity = reader.fileIdentity
        // Steps after damage cannot be placed in time, so nothing is replayed.
        keyframesChecked = 0
    }

    /// Frames the damage took, in all.
    public var lostFrames: UInt64 {
        damage.reduce(0) { $0 + $1.lostFrames }
    }

    /// What a repair would do: cut the torn tail, or nothing. Damage that valid frames follow
    /// is never repaired: cutting there would lose the frames after it.
    public var repairPlan: String? {
        guard damage.isEmpty, case .tornTail(let offset, let bytes) = ending else { return nil }
        return "cut the torn tail: truncate \(path) to \(offset) bytes, removing the last \(bytes) bytes"
    }

    /// Truncates the file at the torn tail's offset, keeping every valid frame. Does nothing
    /// to a journal without a torn tail.
    ///
    /// The path is opened without following a link, and the file is cut through that
    /// descriptor only if it is the file that was verified, still the size it was: a file
    /// put at the path since (another journal, a link to one), or one written to since (a
    /// recorder still running), would lose data the verification never saw.
    ///
    /// A recorder that is still writing the file holds a lock on it (``JournalWriter``): such a
    /// file is never cut, since the recorder writes past the cut into space it reserved.
    ///
    /// - Throws: ``AtomScopeError/journalInUse(path:)`` when a recorder holds the file,
    ///   ``AtomScopeError/journalChanged(path:)`` when the file at the path is not the one
    ///   verified or has changed size, or ``AtomScopeError/journal(_:)`` when it cannot be
    ///   opened or cut; nothing is cut then.
    public func repair() throws(AtomScopeError) {
        guard damage.isEmpty, case .tornTail(let offset, let bytes) = ending else { return }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.noFollow, .closeOnExec])
        } catch {
            throw .journal(.writeFailed(path: path, reason: "\(error)"))
        }
        defer { try? descriptor.close() }
        // Held until the descriptor closes, so no recorder can start on the file meanwhile.
        if flock(descriptor.rawValue, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
            throw .journalInUse(path: path)
        }
        var status = stat()
        guard let verified = fileIdentity, FileIdentity(descriptor: descriptor) == verified,
              fstat(descriptor.rawValue, &status) == 0, Int64(status.st_size) == Int64(offset) + Int64(bytes)
        else {
            throw .journalChanged(path: path)
        }
        do {
            try descriptor.resize(to: Int64(offset))
        } catch {
            throw .journal(.writeFailed(path: path, reason: "\(error)"))
        }
    }
}
