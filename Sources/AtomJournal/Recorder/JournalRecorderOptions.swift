import Atoms

/// How a ``JournalRecorder`` records.
///
/// Build the options in one expression, naming only what differs from the defaults:
///
/// ```swift
/// let recorder = try JournalRecorder(
///     root: root, url: url,
///     options: JournalRecorderOptions(flushPolicy: .syncEachCommit, metadata: ["build": "42"])
/// )
/// ```
public struct JournalRecorderOptions: Sendable {
    /// When buffered records reach the file.
    public var flushPolicy: JournalFlushPolicy
    /// A keyframe (the full state) is written at the start and after every this many steps,
    /// so that any step is one keyframe plus at most this many steps away.
    public var keyframeInterval: Int
    /// If set, only atoms whose type name is listed are recorded.
    public var includedTypes: Set<String>?
    /// Atoms whose type name is listed are not recorded at all.
    public var excludedTypes: Set<String>
    /// If set, recording stops once the journal reaches this many bytes: a last mark says
    /// so and the journal is closed cleanly. Later commits are counted in
    /// ``JournalRecorder/droppedSteps``, not written. Stopping (rather than rotating) keeps
    /// one journal one self-contained session.
    public var sizeLimit: Int?
    /// Extra header metadata.
    public var metadata: [String: String]
    /// Whether a file already at the journal's path is replaced. By default it is an error
    /// (``JournalError/alreadyExists(path:)``), so that a recording never destroys an earlier
    /// one by accident. Either way the journal is created with mode 0600 and a symbolic link
    /// at the path is refused.
    public var replaceExisting: Bool

    /// Creates options; every parameter left out keeps its default, so
    /// `JournalRecorderOptions()` is the default options.
    ///
    /// - Parameters:
    ///   - flushPolicy: When buffered records reach the file. The default,
    ///     ``JournalFlushPolicy/writeEachCommit``, writes each commit before it returns, so the
    ///     app's death loses no committed step.
    ///   - keyframeInterval: A keyframe is written at the start and after every this many
    ///     steps. The default is 256.
    ///   - includedTypes: If set, only atoms whose type name is listed are recorded. The
    ///     default records every type.
    ///   - excludedTypes: Atoms whose type name is listed are not recorded at all. The
    ///     default excludes none.
    ///   - sizeLimit: If set, recording stops once the journal reaches this many bytes. The
    ///     default has no limit.
    ///   - metadata: Extra header metadata. The default adds none.
    ///   - replaceExisting: Whether a file already at the journal's path is replaced. The
    ///     default refuses to, with ``JournalError/alreadyExists(path:)``.
    public init(
        flushPolicy: JournalFlushPolicy = .writeEachCommit,
        keyframeInterval: Int = 256,
        includedTypes: Set<String>? = nil,
        excludedTypes: Set<String> = [],
        sizeLimit: Int? = nil,
        metadata: [String: String] = [:],
        replaceExisting: Bool = false
    ) {
        self.flushPolicy = flushPolicy
        self.keyframeInterval = keyframeInterval
        self.includedTypes = includedTypes
        self.excludedTypes = excludedTypes
        self.sizeLimit = sizeLimit
        self.metadata = metadata
        self.replaceExisting = replaceExisting
    }

    /// Records only atoms of these types.
    public mutating func include(_ types: any Atom.Type...) {
        includedTypes = (includedTypes ?? []).union(types.map { String(describing: $0) })
    }

    /// Never records atoms of these types.
    public mutating func exclude(_ types: any Atom.Type...) {
        excludedTypes.formUnion(types.map { String(describing: $0) })
    }

    func records(_ id: AtomID) -> Bool {
        let typeName = Self.typeName(of: id)
        if excludedTypes.contains(typeName) { return false }
        return includedTypes?.contains(typeName) ?? true
    }

    /// The type part of an atom id: `FetchUserAtom(id: 3)` -> `FetchUserAtom`; modified
    /// atoms count as their base atom's type, scoped atoms as their own type.
    static func typeName(of scopedID: AtomID) -> String {
        let id = scopedID.unscoped
        // An ASCII id (most are) by its bytes: each byte is one character there, and the
        // walk by characters below cost about 9,000 instructions an atom the recorder
        // defines (600 a commit of the todo workload, whose sessions are short).
        var depth = 0
        if id.rawValue.utf8.allSatisfy({ $0 < 0x80 }) {
            for (offset, byte) in id.rawValue.utf8.enumerated() {
                switch byte {
                case UInt8(ascii: "<"): depth += 1
                case UInt8(ascii: ">"): depth -= 1
                case UInt8(ascii: "("), UInt8(ascii: "."):
                    if depth == 0 { return String(decoding: id.rawValue.utf8.prefix(offset), as: UTF8.self) }
                default: break
                }
            }
            return id.rawValue
        }
        for index in id.rawValue.indices {
            switch id.rawValue[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "(", ".":
                if depth == 0 { return String(id.rawValue[..<index]) }
            default: break
            }
        }
        return id.rawValue
    }
}
