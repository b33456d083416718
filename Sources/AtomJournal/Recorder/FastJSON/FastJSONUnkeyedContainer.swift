/// The unkeyed container of `FastJSONEncoder`: one array frame of the writer.
struct FastJSONUnkeyedContainer: UnkeyedEncodingContainer, FastJSONValueSlot {
    let writer: FastJSONWriter
    let frameID: Int

    var codingPath: [any CodingKey] { writer.codingPath(to: frameID) }
    var count: Int { writer.count(of: frameID) }

    func beginValue() throws -> FastJSONPathKey {
        .index(try writer.beginElement(frameID))
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { throw unsupported() }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { throw unsupported() }

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
}
