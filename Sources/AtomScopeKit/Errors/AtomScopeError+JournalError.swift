import AtomJournal
import Foundation

extension AtomScopeError {
    /// The error a user should see for an error of the journal library: a missing file,
    /// a file that is not a journal and damage each get their own case.
    public init(_ error: JournalError) {
        switch error {
        case .cannotOpen(let path, let reason):
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                self = .fileNotFound(path: path)
            } else {
                self = .cannotOpen(path: path, reason: isFolder.boolValue ? "it is a folder" : reason)
            }
        case .empty(let path):
            self = .notAJournal(path: path, reason: "it is empty: the recorder never wrote to it")
        case .notAJournal(let path):
            self = .notAJournal(path: path, reason: "its first bytes are not the journal magic")
        case .truncatedHeader(let path, let bytes):
            self = .damagedHeader(path: path, reason: "the file ends inside its header after \(bytes) bytes")
        case .corruptHeader(let path, let reason):
            self = .damagedHeader(path: path, reason: reason)
        case .newerMajorVersion(let path, let found, let supported):
            self = .newerJournalFormat(path: path, found: found, supported: supported)
        case .corruptFrame(let path, let offset, let reason):
            self = .damagedJournal(path: path, offset: offset, reason: reason)
        case .frameTooLarge(let path, let offset, let length):
            self = .damagedJournal(
                path: path, offset: offset,
                reason: "a frame declares \(length) bytes, more than the \(JournalFormat.maximumPayloadSize)-byte limit"
            )
        case .writeFailed(let path, let reason):
            self = .cannotWrite(path: path, reason: reason)
        case .writerClosed, .recordTooLarge, .metadataTooLarge, .outOfRange, .alreadyExists, .symbolicLink:
            self = .journal(error)
        }
    }

    /// The offset of the damage, for a damaged journal.
    public var damageOffset: Int? {
        if case .damagedJournal(_, let offset, _) = self { offset } else { nil }
    }
}
