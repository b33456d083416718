/// The single-value container of `FastJSONEncoder`: one value frame holding one value.
struct FastJSONSingleValueContainer: SingleValueEncodingContainer, FastJSONValueSlot {
    let writer: FastJSONWriter
    let frameID: Int

    var codingPath: [any CodingKey] { writer.codingPath(to: frameID) }

    func beginValue() throws -> FastJSONPathKey {
        try writer.beginSingle(frameID)
        return .none
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { throw unsupported() }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { throw unsupported() }
}
