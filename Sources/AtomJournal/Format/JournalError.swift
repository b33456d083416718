/// Why a journal could not be read or written. Each description is one line that says what
/// went wrong, where, and what to do.
public enum JournalError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened, read or created.
    case cannotOpen(path: String, reason: String)
    /// The file has no bytes at all.
    case empty(path: String)
    /// The file does not start with the journal magic.
    case notAJournal(path: String)
    /// The file ends inside the header: the recorder died before writing it.
    case truncatedHeader(path: String, bytes: Int)
    /// The header's checksum or fields are wrong.
    case corruptHeader(path: String, reason: String)
    /// The journal was written by a newer, incompatible format version.
    case newerMajorVersion(path: String, found: UInt16, supported: UInt16)
    /// A frame in the middle of the file is damaged; valid data follows it.
    case corruptFrame(path: String, offset: Int, reason: String)
    /// A frame declares a payload larger than any writer produces.
    case frameTooLarge(path: String, offset: Int, length: Int)
    /// Writing to the file failed.
    case writeFailed(path: String, reason: String)
    /// A new journal's path names an existing file, and the writer was not asked to replace
    /// it (see ``JournalRecorderOptions/replaceExisting``).
    case alreadyExists(path: String)
    /// A new journal's path is a symbolic link. The writer never follows one: planted in a
    /// shared folder, it would send the app's state to a file of someone else's choosing.
    case symbolicLink(path: String)
    /// The writer was closed; nothing more can be appended.
    case writerClosed(path: String)
    /// A record is larger than the format allows.
    case recordTooLarge(bytes: Int)
    /// The header's metadata is larger than the format allows.
    case metadataTooLarge(bytes: Int)
    /// A step or keyframe position beyond the journal's end was asked for.
    case outOfRange(path: String, what: String, position: Int, count: Int)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open \(path): \(reason)"
        case .empty(let path):
            "\(path) is empty, not a journal: the recorder never wrote to it"
        case .notAJournal(let path):
            "\(path) is not an atomscope journal (its first bytes are not the journal magic)"
        case .truncatedHeader(let path, let bytes):
            "\(path) ends inside its header after \(bytes) bytes: the recorder stopped before the journal began"
        case .corruptHeader(let path, let reason):
            "\(path) has a damaged header (\(reason)); the journal cannot be read"
        case .newerMajorVersion(let path, let found, let supported):
            "\(path) uses journal format \(found).x, newer than this reader (\(supported).x): update atomscope to read it"
        case .corruptFrame(let path, let offset, let reason):
            "\(path) is damaged at offset \(offset) (\(reason)); later records exist but cannot be trusted"
        case .frameTooLarge(let path, let offset, let length):
            "\(path) is damaged at offset \(offset): a frame declares \(length) bytes, more than the \(JournalFormat.maximumPayloadSize)-byte limit"
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason)"
        case .alreadyExists(let path):
            "\(path) already exists; choose another path, remove it, or pass replaceExisting: true to replace it"
        case .symbolicLink(let path):
            "\(path) is a symbolic link, which the journal writer does not follow; record to the file it points to, or remove the link"
        case .writerClosed(let path):
            "the journal writer for \(path) is closed; create a new writer to record again"
        case .metadataTooLarge(let bytes):
            "journal metadata of \(bytes) bytes exceeds the \(JournalFormat.maximumMetadataSize)-byte limit; pass less metadata"
        case .outOfRange(let path, let what, let position, let count):
            "\(path) has no \(what) \(position): it has \(count) (0 to \(max(0, count - 1)))"
        case .recordTooLarge(let bytes):
            "a record of \(bytes) bytes exceeds the \(JournalFormat.maximumPayloadSize)-byte frame limit; exclude the atom holding such a value from recording"
        }
    }
}
