import Foundation

/// Turns an atom's value into what the journal stores: JSON with sorted keys for
/// `Encodable` values, the description for anything else, and never the value of a
/// `Sensitive` atom.
///
/// Scalars skip `JSONEncoder`, whose setup costs more than the scalar: recording a chain of
/// changing `Int` atoms must stay cheap next to computing it. Other `Encodable` values go
/// through `FastJSONEncoder` first, which writes the same bytes as `JSONEncoder` or declines,
/// and through `JSONEncoder` when it declines.
struct JournalValueEncoder {
    private let fastWriter = FastJSONWriter()
    /// The JSON of list elements written lately, by element type.
    let memos = ElementJSONMemos()
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func encode(_ value: Any?, isSensitive: Bool) -> JournalValue {
        if isSensitive { return .redacted }
        guard let value else { return .absent }
        switch value {
        case let number as Int: return .json(String(number))
        case let flag as Bool: return .json(flag ? "true" : "false")
        case let text as String: return .json(Self.quoted(text))
        default: break
        }
        guard let encodable = value as? any Encodable else {
            return .text(String(describing: value))
        }
        if let text = json(encodable) {
            return .json(text)
        }
        return .text(String(describing: value))
    }

    /// The JSON text of one value, as ``encode(_:isSensitive:)`` writes it inside a
    /// larger value: the fast encoder first, `JSONEncoder` when it declines, `nil` when
    /// neither can.
    func json<T: Encodable>(_ value: T) -> String? {
        if let text = try? FastJSONEncoder.encode(value, using: fastWriter) {
            return text
        }
        return declinedJSON(value)
    }

    /// `JSONEncoder`'s text of a value the fast encoder declined, which writes the same bytes
    /// when it can; `nil` when `JSONEncoder` cannot either.
    func declinedJSON<T: Encodable>(_ value: T) -> String? {
        guard let data = try? encoder.encode(value) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// Calls `body` with the JSON text `FastJSONEncoder` writes for `value`, in the encoder's
    /// own buffer; `nil` when it declines (`JSONEncoder` might still write the value).
    func withFastJSON<T: Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard (try? FastJSONEncoder.encodeInPlace(value, using: fastWriter)) != nil else { return nil }
        return fastWriter.bytes.withUnsafeBytes(body)
    }

    /// Whether values of this type can be written as JSON and read back into the app.
    static func isRestorable(_ value: Any?) -> Bool {
        guard let value else { return false }
        return RecordedValueType.of(value).isRestorable
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the JSON string literal of `text`: `\"`, `\\`, `\n`, `\r`, `\t`, other controls
    /// as `\u00xx`, everything else as its UTF-8 bytes. These are the bytes every journal since
    /// 1.0 holds for a `String`, so they stay as they are where `JSONEncoder` writes `\b` or `\f`.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        FastJSONBytes.appendString(text, to: &bytes, shortEscapesForBackspaceAndFormFeed: false)
    }
}
