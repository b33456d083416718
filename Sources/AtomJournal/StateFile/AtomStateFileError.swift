import Foundation

/// Why a state file could not be read or written.
///
/// Each description says what went wrong and what to do about it, so that a tool can show
/// it to a person as it is.
public enum AtomStateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file exists at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, detail: String)
    /// The file is not valid JSON; `detail` is the parser's reason when it gave one.
    case notJSON(detail: String?)
    /// The file is JSON but not a state file: the format marker is missing or different.
    case wrongFormat(found: String?)
    /// The file was written by a newer major version of the format, whose keys this reader
    /// could misread.
    case newerVersion(found: AtomStateFileVersion, supported: AtomStateFileVersion)
    /// The file is a state file of a supported version, but a key holds the wrong kind of
    /// value.
    case invalidLayout(detail: String)
    /// An atom's value is not one JSON value; `detail` is the parser's reason when it gave one.
    case invalidJSONValue(detail: String?)
    /// The file could not be written.
    case unwritable(path: String, detail: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "No state file at \(path). Check the path, or export one from a journal first."
        case .unreadable(let path, let detail):
            "Cannot read the state file at \(path): \(detail). Check that it is a file you may read."
        case .notJSON(let detail?):
            "The state file is not valid JSON (\(detail)). Export it again, or fix the JSON if it was edited by hand."
        case .notJSON(nil):
            "The state file is not valid JSON. Export it again, or fix the JSON if it was edited by hand."
        case .wrongFormat(let found?):
            "The file is not an atomscope state file: its \"format\" is \"\(found)\", expected \"\(AtomStateFile.formatMarker)\"."
        case .wrongFormat(nil):
            "The file is JSON but not an atomscope state file: it has no \"format\": \"\(AtomStateFile.formatMarker)\" key."
        case .newerVersion(let found, let supported):
            "The state file has format version \(found), newer than this reader's \(supported). Update atomscope to read it."
        case .invalidLayout(let detail):
            "The state file is damaged: \(detail). Export it again, or fix it following docs/STATE-FILE.md."
        case .invalidJSONValue(let detail?):
            "A value is not valid JSON (\(detail)). Values must be JSON text as JSONEncoder writes it."
        case .invalidJSONValue(nil):
            "A value is not valid JSON. Values must be JSON text as JSONEncoder writes it."
        case .unwritable(let path, let detail):
            "Cannot write the state file at \(path): \(detail). Check that the folder exists and is writable."
        }
    }
}

extension AtomStateFileError: LocalizedError {
    public var errorDescription: String? { description }
}
