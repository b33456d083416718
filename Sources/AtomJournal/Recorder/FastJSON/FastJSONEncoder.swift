/// An `Encoder` that writes compact JSON byte-identical to `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]`, or throws `FastJSONUnsupported` when it cannot
/// promise that (see `FastJSONWriter`); callers then fall back to `JSONEncoder`.
struct FastJSONEncoder: Encoder {
    let writer: FastJSONWriter
    let frameID: Int

    var codingPath: [any CodingKey] { writer.codingPath(to: frameID) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        _ = writer.activate(frameID, as: .object)
        return KeyedEncodingContainer(FastJSONKeyedContainer<Key>(writer: writer, frameID: frameID))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = writer.activate(frameID, as: .array)
        return FastJSONUnkeyedContainer(writer: writer, frameID: frameID)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        _ = writer.activate(frameID, as: .single)
        return FastJSONSingleValueContainer(writer: writer, frameID: frameID)
    }
}

extension FastJSONEncoder {
    /// The JSON text of `value`, or `FastJSONUnsupported` (or the value's own error).
    /// `writer` is reused between calls to keep its buffers' capacity.
    static func encode<T: Encodable>(_ value: T, using writer: FastJSONWriter) throws -> String {
        try encodeInPlace(value, using: writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Encodes `value` into `writer`, whose ``FastJSONWriter/bytes`` then hold its JSON text:
    /// for a caller that copies them elsewhere, no `String` is made.
    static func encodeInPlace<T: Encodable>(_ value: T, using writer: FastJSONWriter) throws {
        writer.reset()
        try writer.encodeValue(value, pathKey: .none)
        guard writer.isComplete else { throw FastJSONUnsupported() }
    }
}
