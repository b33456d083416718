import Atoms

/// The state of a store's atoms as a JSON file: what `atomscope` exports from a journal
/// step, and what `restore(from: url)` on a view or test context puts back into a running
/// app or test.
///
/// The layout is documented in `docs/STATE-FILE.md`. Files are written with sorted keys
/// and one key per line, so that two exports diff well and a person can edit one.
///
/// ```swift
/// let file = AtomStateFile(entries: [
///     "CounterAtom": .value(try JSONFragment(encoding: 3)),
///     "SessionAtom": .redacted,
/// ])
/// try file.write(to: url)
/// let report = try context.restore(from: url)
/// ```
public struct AtomStateFile: Hashable, Sendable {
    /// The value of the `"format"` key that marks a JSON file as a state file.
    public static let formatMarker = "atomscope-state"
    /// The version this library writes, and the newest major version it reads.
    public static let currentVersion = AtomStateFileVersion(major: 1, minor: 0)

    /// The version the file was written with. A file made in this process, or read and
    /// written again, has ``currentVersion``: keys of a newer minor version are not kept.
    public internal(set) var version: AtomStateFileVersion
    /// Where the values came from, if the exporter knew.
    public var provenance: AtomStateProvenance?
    /// What the file holds for each atom, by atom id.
    public var entries: [AtomID: AtomStateEntry]

    /// Creates a file of the current version.
    public init(entries: [AtomID: AtomStateEntry], provenance: AtomStateProvenance? = nil) {
        version = Self.currentVersion
        self.provenance = provenance
        self.entries = entries
    }
}
