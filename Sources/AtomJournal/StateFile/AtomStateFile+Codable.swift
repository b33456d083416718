import Atoms
import Foundation

// The layout is interpreted from a JSON tree by hand rather than with synthesized coding,
// so that the marker and the version are checked before anything else (a file of a newer
// major version must be refused, not misread) and each damage gets a message that names
// the key at fault.

extension AtomStateFile: Codable {
    private enum Key {
        static let format = "format"
        static let version = "version"
        static let provenance = "provenance"
        static let atoms = "atoms"
        static let displayOnly = "displayOnly"
        static let redacted = "redacted"
        static let journal = "journal"
        static let step = "step"
        static let commit = "commit"
        static let time = "time"
    }

    /// Reads the layout.
    ///
    /// - Throws: An ``AtomStateFileError`` for a file that is not a state file, is of a
    ///   newer major version, or is damaged.
    public init(from decoder: any Decoder) throws {
        try self.init(json: StateFileJSON(from: decoder))
    }

    /// Writes the layout; empty sections are left out.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    init(json: StateFileJSON) throws(AtomStateFileError) {
        guard case .object(let root) = json else {
            throw .wrongFormat(found: nil)
        }
        guard let marker = root[Key.format] else {
            throw .wrongFormat(found: nil)
        }
        guard marker.stringValue == Self.formatMarker else {
            throw .wrongFormat(found: marker.stringValue ?? marker.typeName)
        }
        guard let versionText = root[Key.version]?.stringValue,
              let version = AtomStateFileVersion(versionText), version.major >= 1
        else {
            throw .invalidLayout(detail: "\"\(Key.version)\" must be text such as \"\(Self.currentVersion)\"")
        }
        guard version.major <= Self.currentVersion.major else {
            throw .newerVersion(found: version, supported: Self.currentVersion)
        }

        var entries: [AtomID: AtomStateEntry] = [:]
        func add(_ id: String, _ entry: AtomStateEntry, from section: String) throws(AtomStateFileError) {
            guard entries.updateValue(entry, forKey: AtomID(id)) == nil else {
                throw .invalidLayout(detail: "atom \(id) appears more than once (again in \"\(section)\")")
            }
        }
        guard case .object(let atoms)? = root[Key.atoms] else {
            throw .invalidLayout(detail: "\"\(Key.atoms)\" must be an object of atom ids to values")
        }
        for (id, value) in atoms {
            try add(id, .value(JSONFragment(json: value)), from: Key.atoms)
        }
        switch root[Key.displayOnly] {
        case nil:
            break
        case .object(let texts)?:
            for (id, text) in texts {
                guard let text = text.stringValue else {
                    throw .invalidLayout(detail: "\"\(Key.displayOnly)\" of \(id) must be a string, not \(text.typeName)")
                }
                try add(id, .displayOnly(text), from: Key.displayOnly)
            }
        case let other?:
            throw .invalidLayout(detail: "\"\(Key.displayOnly)\" must be an object of atom ids to text, not \(other.typeName)")
        }
        switch root[Key.redacted] {
        case nil:
            break
        case .array(let ids)?:
            for id in ids {
                guard let id = id.stringValue else {
                    throw .invalidLayout(detail: "\"\(Key.redacted)\" must hold atom ids as strings, not \(id.typeName)")
                }
                try add(id, .redacted, from: Key.redacted)
            }
        case let other?:
            throw .invalidLayout(detail: "\"\(Key.redacted)\" must be an array of atom ids, not \(other.typeName)")
        }

        self.init(entries: entries, provenance: try Self.provenance(from: root[Key.provenance]))
        self.version = version
    }

    private static func provenance(from json: StateFileJSON?) throws(AtomStateFileError) -> AtomStateProvenance? {
        guard let json else { return nil }
        guard case .object(let fields) = json else {
            throw .invalidLayout(detail: "\"\(Key.provenance)\" must be an object, not \(json.typeName)")
        }
        func field<T>(_ key: String, _ kind: String, _ read: (StateFileJSON) -> T?) throws(AtomStateFileError) -> T? {
            guard let value = fields[key], value != .null else { return nil }
            guard let result = read(value) else {
                throw .invalidLayout(detail: "\"\(Key.provenance).\(key)\" must be \(kind), not \(value.typeName)")
            }
            return result
        }
        return AtomStateProvenance(
            journal: try field(Key.journal, "a string") { $0.stringValue },
            step: try field(Key.step, "an integer") { $0.intValue },
            commit: try field(Key.commit, "an integer") { $0.intValue },
            time: try field(Key.time, "an ISO 8601 time such as \"2025-01-31T09:30:00.000Z\"") { $0.stringValue.flatMap(StateFileTime.parse) }
        )
    }

    /// The file as a JSON tree.
    var json: StateFileJSON {
        var root: [String: StateFileJSON] = [
            Key.format: .string(Self.formatMarker),
            Key.version: .string(Self.currentVersion.description),
        ]
        var atoms: [String: StateFileJSON] = [:]
        var displayOnly: [String: StateFileJSON] = [:]
        var redacted: [AtomID] = []
        for (id, entry) in entries {
            switch entry {
            case .value(let fragment): atoms[id.rawValue] = fragment.json
            case .displayOnly(let text): displayOnly[id.rawValue] = .string(text)
            case .redacted: redacted.append(id)
            }
        }
        root[Key.atoms] = .object(atoms)
        if !displayOnly.isEmpty {
            root[Key.displayOnly] = .object(displayOnly)
        }
        if !redacted.isEmpty {
            root[Key.redacted] = .array(redacted.sorted().map { .string($0.rawValue) })
        }
        if let provenance, !provenance.isEmpty {
            var fields: [String: StateFileJSON] = [:]
            fields[Key.journal] = provenance.journal.map { .string($0) }
            fields[Key.step] = provenance.step.map { .integer(Int64($0)) }
            fields[Key.commit] = provenance.commit.map { .integer(Int64($0)) }
            fields[Key.time] = provenance.time.map { .string(StateFileTime.format($0)) }
            root[Key.provenance] = .object(fields)
        }
        return .object(root)
    }
}
