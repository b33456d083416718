/// The unkeyed container of `FastJSONEncoder`: one array frame of the writer.
struct FastJSONUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: FastJSONWriter
    let frameID: Int

    var codingPath: [any CodingKey] { writer.codingPath(to: frameID) }
    var count: Int { writer.count(of: frameID) }

    mutating func encodeNil() throws {
        _ = try writer.beginElement(frameID)
        FastJSONBytes.appendNull(to: &writer.bytes)
    }

    mutating func encode(_ value: Bool) throws {
        _ = try writer.beginElement(frameID)
        FastJSONBytes.appendBool(value, to: &writer.bytes)
    }

    mutating func encode(_ value: String) throws {
        _ = try writer.beginElement(frameID)
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
        let index = try writer.beginElement(frameID)
        try writer.encodeValue(value, pathKey: .index(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        var id = -1
        if let index = try? writer.beginElement(frameID) {
            id = writer.pushFrame(kind: .object, isNested: true, pathKey: .index(index))
        }
        return KeyedEncodingContainer(FastJSONKeyedContainer<NestedKey>(writer: writer, frameID: id))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        var id = -1
        if let index = try? writer.beginElement(frameID) {
            id = writer.pushFrame(kind: .array, isNested: true, pathKey: .index(index))
        }
        return FastJSONUnkeyedContainer(writer: writer, frameID: id)
    }

    mutating func superEncoder() -> any Encoder {
        writer.fail()
        return FastJSONEncoder(writer: writer, frameID: -1)
    }

    private func integer(_ value: some FixedWidthInteger) throws {
        _ = try writer.beginElement(frameID)
        FastJSONBytes.appendInteger(value, to: &writer.bytes)
    }

    private func unsupported() -> FastJSONUnsupported {
        writer.fail()
        return FastJSONUnsupported()
    }
}
