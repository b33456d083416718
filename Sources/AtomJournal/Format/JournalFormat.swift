/// The constants of the journal's byte format; `docs/JOURNAL-FORMAT.md` is their spec.
public enum JournalFormat {
    /// The first eight bytes of every journal: a non-ASCII byte, `ATJ`, CR LF, SUB, LF, so
    /// that text-mode transfers and truncation at a line end are detected.
    public static let magic: [UInt8] = [0x89, 0x41, 0x54, 0x4A, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The major version this library writes, the newest it reads.
    ///
    /// 2.0 stores a JSON integer in canonical form as the integer itself (value tag 4).
    public static let majorVersion: UInt16 = 2
    /// The oldest major version this library reads: 2.0 changed only the value tags a writer
    /// may use, so one decoder reads both.
    public static let oldestMajorVersion: UInt16 = 1
    /// The minor version this library writes. A reader skips record types and trailing
    /// fields it does not know, so it reads any newer minor version.
    ///
    /// In 1.x: 1.1 added the subscriber's name at the end of a subscriber definition; 1.2
    /// added step extensions after a step's sections, the first of them the atoms recomputed
    /// to an equal value; 1.3 added the patched extension, which writes a changed JSON array
    /// as edits to its previous value; 1.4 let a journal not yet closed end in 17 or more zero
    /// bytes, space its recorder reserved and has not written. 2.0 holds all of them.
    public static let minorVersion: UInt16 = 0
    /// The size of the random per-journal salt mixed into every frame checksum.
    public static let saltSize = 16
    /// The largest metadata block a header may declare.
    public static let maximumMetadataSize = 64 << 10
    /// The largest payload a frame may declare; a larger length is corruption, rejected
    /// before anything is allocated.
    public static let maximumPayloadSize = 16 << 20
    /// Length (4), checksum (4), type (1), sequence (8).
    public static let frameHeaderSize = 17
}

/// The type byte of a frame.
enum RecordType: UInt8 {
    case atomDefinition = 1
    case subscriberDefinition = 2
    case locationDefinition = 3
    case step = 4
    case keyframe = 5
    case mark = 6
    case close = 7
}

/// Operations with a one-byte code; any other operation is written as text after code 0.
///
/// Codes 10 … 13 were reserved for async work before any journal used them; they now name
/// the operations of `AtomOperation` exactly.
enum OperationCode {
    static let names = [
        "set", "modify", "reset", "restore", "watch", "unwatch", "read", "batch", "refresh",
        "task finished", "sequence element", "publisher value", "object changed",
        "task failed", "sequence failed", "publisher failed", "scope ended",
    ]

    static func code(for operation: String) -> UInt8 {
        names.firstIndex(of: operation).map { UInt8($0 + 1) } ?? 0
    }

    static func name(for code: UInt8) -> String? {
        let index = Int(code) - 1
        return names.indices.contains(index) ? names[index] : nil
    }
}
