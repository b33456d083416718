@_spi(Recording) import Atoms

/// How one recorded atom's values are written, found at its first value and kept: an atom's
/// value type never changes, and asking a value what it is (`value as? String`, `value as? any
/// Encodable`) costs the runtime a dynamic cast or a conformance lookup, several times what
/// writing the value costs. `Int` and `Bool` values do not come here: the recorder writes them
/// from the atom table's slot (`RecordedScalarLane`).
///
/// The string form reads the value where the store keeps it, with its type compared to the
/// form's, so a value of another type (impossible for one atom, but not worth a trap) takes
/// the general path instead.
enum RecordedValueForm {
    case string
    /// Anything else: the encoder's general path.
    case general

    init(sample: Any) {
        self = Swift.type(of: sample) == String.self ? .string : .general
    }

    /// Writes the committed value of a commit's atom as its entry in `entries`, read in place,
    /// and returns it; `nil`, writing nothing, when the form is `general`, the value is not of
    /// the form's type, or it is not in place (see `CommittedAtom.committedValue(as:)`).
    @MainActor
    func writeEntry(of atom: CommittedAtom, number: Int, into entries: inout EncodedValueEntries) -> RecordedScalar? {
        switch self {
        case .string:
            guard let value = atom.committedValue(as: String.self) else { return nil }
            entries.append(atom: number, scalar: .string(value))
            return .string(value)
        case .general:
            return nil
        }
    }
}

/// A scalar read where the store keeps it (a `Bool` of the lane, a `String` of the string
/// form), written as JSON exactly as the general path (`JournalValueEncoder`) writes it.
enum RecordedScalar {
    case bool(Bool)
    case string(String)

    /// Writes the value's entry for atom `atom`: the atom's number, the JSON tag, the length,
    /// the text.
    @inline(__always)
    func writeEntry(atom: Int, into writer: inout ByteWriter, scratch: inout [UInt8]) {
        switch self {
        case .bool(let flag):
            writer.varint(atom)
            writer.value(.json(flag ? "true" : "false"))
        case .string(let text):
            writer.varint(atom)
            // The literal is built in the scratch buffer, since its length goes first.
            scratch.removeAll(keepingCapacity: true)
            JournalValueEncoder.appendQuoted(text, to: &scratch)
            scratch.withUnsafeBytes { writer.json($0) }
        }
    }

    /// The value's JSON text, for a keyframe.
    var json: String {
        switch self {
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text): JournalValueEncoder.quoted(text)
        }
    }
}
