/// The single-value and unkeyed containers write values the same way; they differ only in
/// how a slot for the next value is opened. Keyed containers take a key with every value, so
/// they write their own. (`Int128` and `UInt128` stay in the containers: the standard library
/// has its own defaults for them, which an extension here would make ambiguous.)
protocol FastJSONValueSlot {
    var writer: FastJSONWriter { get }

    /// Opens the slot for the next value; returns the coding-path entry a nested value gets.
    func beginValue() throws -> FastJSONPathKey
}

extension FastJSONValueSlot {
    func encodeNil() throws {
        _ = try beginValue()
        FastJSONBytes.appendNull(to: &writer.bytes)
    }

    func encode(_ value: Bool) throws {
        _ = try beginValue()
        FastJSONBytes.appendBool(value, to: &writer.bytes)
    }

    func encode(_ value: String) throws {
        _ = try beginValue()
        FastJSONBytes.appendString(value, to: &writer.bytes)
    }

    // Float formatting must match JSONEncoder byte for byte; JSONEncoder writes these.
    func encode(_ value: Double) throws { throw unsupported() }
    func encode(_ value: Float) throws { throw unsupported() }

    func encode(_ value: Int) throws { try integer(value) }
    func encode(_ value: Int8) throws { try integer(value) }
    func encode(_ value: Int16) throws { try integer(value) }
    func encode(_ value: Int32) throws { try integer(value) }
    func encode(_ value: Int64) throws { try integer(value) }
    func encode(_ value: UInt) throws { try integer(value) }
    func encode(_ value: UInt8) throws { try integer(value) }
    func encode(_ value: UInt16) throws { try integer(value) }
    func encode(_ value: UInt32) throws { try integer(value) }
    func encode(_ value: UInt64) throws { try integer(value) }

    func encode<T: Encodable>(_ value: T) throws {
        try writer.encodeValue(value, pathKey: beginValue())
    }

    @inline(__always)
    private func integer(_ value: some FixedWidthInteger) throws {
        _ = try beginValue()
        FastJSONBytes.appendInteger(value, to: &writer.bytes)
    }

    func unsupported() -> FastJSONUnsupported {
        writer.fail()
        return FastJSONUnsupported()
    }
}
