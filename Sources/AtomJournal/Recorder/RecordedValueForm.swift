/// How one recorded atom's values are written, found at its first value and kept: an atom's
/// value type never changes, and asking a value what it is (`value as? Int`, `value as? any
/// Encodable`) costs the runtime a dynamic cast or a conformance lookup, several times what
/// writing an `Int` costs.
///
/// The scalar forms read the value through the opened existential, with its type compared to
/// the one found at the first value, so a value of another type (impossible for one atom,
/// but not worth a trap) takes the general path instead.
enum RecordedValueForm {
    case int
    case bool
    case string
    /// Anything else: the encoder's general path.
    case general

    init(sample: Any) {
        self = Self.form(of: sample)
    }

    init(type: any Any.Type) {
        if type == Int.self {
            self = .int
        } else if type == Bool.self {
            self = .bool
        } else if type == String.self {
            self = .string
        } else {
            self = .general
        }
    }

    private static func form<T>(of _: T) -> Self {
        Self(type: T.self)
    }

    /// The value at `pointer`, of type `type`, as a scalar this form writes without the
    /// general path, else `nil`.
    func scalar(at pointer: UnsafeRawPointer, type: any Any.Type) -> RecordedScalar? {
        switch self {
        case .int: type == Int.self ? .int(pointer.load(as: Int.self)) : nil
        case .bool: type == Bool.self ? .bool(pointer.load(as: Bool.self)) : nil
        case .string: type == String.self ? .string(pointer.load(as: String.self)) : nil
        case .general: nil
        }
    }

    /// The value as a scalar this form writes without the general path, else `nil`.
    func scalar(_ value: Any) -> RecordedScalar? {
        switch self {
        case .int: Self.typed(value, as: Int.self).map(RecordedScalar.int)
        case .bool: Self.typed(value, as: Bool.self).map(RecordedScalar.bool)
        case .string: Self.typed(value, as: String.self).map(RecordedScalar.string)
        case .general: nil
        }
    }

    /// `value` as a `Wanted`, when that is its type. Opening the existential and comparing
    /// metatypes needs no call into the runtime's cast machinery.
    private static func typed<Wanted>(_ value: Any, as wanted: Wanted.Type) -> Wanted? {
        func open<T>(_ opened: T) -> Wanted? {
            guard T.self == Wanted.self else { return nil }
            return withUnsafePointer(to: opened) { UnsafeRawPointer($0).load(as: Wanted.self) }
        }
        return open(value)
    }
}

/// A recorded value of one of the scalar forms, written as JSON exactly as the general path
/// (`JournalValueEncoder`) writes it.
enum RecordedScalar {
    case int(Int)
    case bool(Bool)
    case string(String)

    /// Writes the value's entry bytes: the JSON tag, the length, the text.
    func write(into writer: inout ByteWriter, scratch: inout [UInt8]) {
        switch self {
        case .int(let number):
            writer.jsonInteger(number)
        case .bool(let flag):
            writer.value(.json(flag ? "true" : "false"))
        case .string(let text):
            // The literal is built in the scratch buffer, since its length goes first.
            scratch.removeAll(keepingCapacity: true)
            JournalValueEncoder.appendQuoted(text, to: &scratch)
            scratch.withUnsafeBytes { writer.json($0) }
        }
    }

    /// The value's JSON text, for a keyframe.
    var json: String {
        switch self {
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text): JournalValueEncoder.quoted(text)
        }
    }
}
