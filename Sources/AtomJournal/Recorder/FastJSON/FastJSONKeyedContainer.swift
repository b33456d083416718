/// The keyed container of `FastJSONEncoder`: one object frame of the writer.
struct FastJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: FastJSONWriter
    let frameID: Int

    var codingPath: [any CodingKey] { writer.codingPath(to: frameID) }

    mutating func encodeNil(forKey key: Key) throws {
        try writer.beginKey(frameID, key: key.stringValue)
        FastJSONBytes.appendNull(to: &writer.bytes)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try writer.beginKey(frameID, key: key.stringValue)
        FastJSONBytes.appendBool(value, to: &writer.bytes)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try writer.beginKey(frameID, key: key.stringValue)
        FastJSONBytes.appendString(value, to: &writer.bytes)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws { throw unsupported() }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw unsupported() }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { throw unsupported() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { throw unsupported() }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try writer.beginKey(frameID, key: key.stringValue)
        try writer.encodeValue(value, pathKey: .key(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        var id = -1
        if (try? writer.beginKey(frameID, key: key.stringValue)) != nil {
            id = writer.pushFrame(kind: .object, isNested: true, pathKey: .key(key))
        }
        return KeyedEncodingContainer(FastJSONKeyedContainer<NestedKey>(writer: writer, frameID: id))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        var id = -1
        if (try? writer.beginKey(frameID, key: key.stringValue)) != nil {
            id = writer.pushFrame(kind: .array, isNested: true, pathKey: .key(key))
        }
        return FastJSONUnkeyedContainer(writer: writer, frameID: id)
    }

    mutating func superEncoder() -> any Encoder { unsupportedEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { unsupportedEncoder() }

    @inline(__always)
    private func integer(_ value: some FixedWidthInteger, _ key: Key) throws {
        try writer.beginKey(frameID, key: key.stringValue)
        FastJSONBytes.appendInteger(value, to: &writer.bytes)
    }

    private func unsupported() -> FastJSONUnsupported {
        writer.fail()
        return FastJSONUnsupported()
    }

    /// `superEncoder` is declined: the encoding is marked failed and the encoder returned
    /// writes nowhere.
    private func unsupportedEncoder() -> any Encoder {
        writer.fail()
        return FastJSONEncoder(writer: writer, frameID: -1)
    }
}
