/// The single-value container of `FastJSONEncoder`: one value frame holding one value.
struct FastJSONSingleValueContainer: SingleValueEncodingContainer {
    let writer: FastJSONWriter
    let frameID: Int

    var codingPath: [any CodingKey] { writer.codingPath(to: frameID) }

    mutating func encodeNil() throws {
        try writer.beginSingle(frameID)
        FastJSONBytes.appendNull(to: &writer.bytes)
    }

    mutating func encode(_ value: Bool) throws {
        try writer.beginSingle(frameID)
        FastJSONBytes.appendBool(value, to: &writer.bytes)
    }

    mutating func encode(_ value: String) throws {
        try writer.beginSingle(frameID)
        FastJSONBytes.appendString(value, to: &writer.bytes)
    }

    mutating func encode(_ value: Double) throws { throw unsupported() }
    mutating func encode(_ value: Float) throws { throw unsupported() }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { throw unsupported() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { throw unsupported() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.beginSingle(frameID)
        try writer.encodeValue(value, pathKey: .none)
    }

    private func integer(_ value: some FixedWidthInteger) throws {
        try writer.beginSingle(frameID)
        FastJSONBytes.appendInteger(value, to: &writer.bytes)
    }

    private func unsupported() -> FastJSONUnsupported {
        writer.fail()
        return FastJSONUnsupported()
    }
}
