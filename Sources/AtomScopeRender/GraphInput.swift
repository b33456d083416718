import AtomJournal
import AtomScopeKit
import Foundation

/// What `atomscope graph` was given, recognised by its first bytes: a journal (by its magic)
/// or DOT text.
///
/// Standard input and DOT are read up to a limit, so no input makes the command hold more
/// than that in memory; a journal file is only recognised here, and the reader then opens it
/// and reads what it needs.
public enum GraphInput: Sendable, Equatable {
    /// A journal file, to open by its path.
    case journalFile(path: String)
    /// A journal read from standard input (the reader needs a file: write it to one).
    case journalBytes(Data)
    /// DOT text.
    case dot(String)

    /// The largest limit `atomscope graph --input-limit` takes: 16 GiB, far above any DOT the
    /// worker lays out (``GraphRenderWorker/inputLimit``) and any journal piped in, and far
    /// below where adding to it could overflow.
    public static let maximumLimit = 16 << 30

    /// Reads and recognises the input: the file at `path`, or standard input for `nil` or `-`.
    ///
    /// - Parameter limit: The most bytes to read; any `Int` is safe, and a limit below 1
    ///   reads nothing.
    /// - Throws: ``AtomScopeError`` for a missing or unreadable file, an input over `limit`
    ///   bytes, an empty one, or one that is neither a journal nor UTF-8 text.
    public static func read(path: String?, limit: Int, standardInput: FileHandle = .standardInput) throws(AtomScopeError) -> GraphInput {
        let limit = max(limit, 0)
        let fromFile = path.map { $0 != "-" } ?? false
        let name = fromFile ? path ?? "" : "standard input"
        let handle: FileHandle
        if fromFile, let path {
            guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
            do {
                handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            } catch {
                throw .cannotOpen(path: path, reason: error.localizedDescription)
            }
        } else {
            handle = standardInput
        }
        defer { if fromFile { try? handle.close() } }
        let bytes: Data
        do {
            let head = try handle.read(upToCount: JournalFormat.magic.count) ?? Data()
            if head.elementsEqual(JournalFormat.magic), fromFile, let path {
                return .journalFile(path: path)
            }
            // One byte past the limit tells an input over it from one exactly at it; at
            // `Int.max` there is no byte past, and no input that long.
            let wanted = limit == .max ? limit : limit + 1
            let rest = try handle.read(upToCount: max(0, wanted - head.count)) ?? Data()
            bytes = head + rest
        } catch {
            throw .cannotOpen(path: name, reason: error.localizedDescription)
        }
        guard bytes.count <= limit else { throw .inputTooLarge(name: name, limit: limit) }
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            throw .emptyInput(name: name)
        }
        if bytes.starts(with: JournalFormat.magic) { return .journalBytes(bytes) }
        guard let text = String(data: bytes, encoding: .utf8) else { throw .notJournalOrDOT(name: name) }
        return .dot(text)
    }
}
