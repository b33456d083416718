@testable import AtomJournal
import Testing

/// The primitive encodings of section 1 of the spec: little-endian integers, varints, zigzag
/// signed varints, strings and counts.
@Suite("Primitive encodings")
struct PrimitiveEncodingTests {
    private func encode(_ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var writer = ByteWriter()
        body(&writer)
        return writer.bytes
    }

    /// Reads with a `ByteReader` and says how many bytes were consumed.
    private func decode<T>(_ bytes: [UInt8], _ body: (inout ByteReader) throws(PayloadError) -> T) throws(PayloadError) -> (value: T, consumed: Int) {
        let result = bytes.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            return Result { () throws(PayloadError) in (try body(&reader), reader.offset) }
        }
        return try result.get()
    }

    static let varintCases: [(UInt64, [UInt8])] = [
        (0, [0x00]),
        (1, [0x01]),
        (127, [0x7F]),
        (128, [0x80, 0x01]),
        (255, [0xFF, 0x01]),
        (300, [0xAC, 0x02]),
        (16383, [0xFF, 0x7F]),
        (16384, [0x80, 0x80, 0x01]),
        (UInt64(UInt32.max), [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
        (UInt64(Int64.max), [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]),
        (UInt64(Int64.max) + 1, [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]),
        (UInt64.max, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
    ]

    @Test(arguments: varintCases)
    func varintEncodingAndRoundTrip(value: UInt64, bytes: [UInt8]) throws {
        #expect(encode { $0.varint(value) } == bytes)
        let decoded = try decode(bytes) { reader throws(PayloadError) in try reader.varint() }
        #expect(decoded.value == value)
        #expect(decoded.consumed == bytes.count)
    }

    @Test func varintEveryPowerOfTwoBoundaryRoundTrips() throws {
        for shift in 0..<64 {
            for value in [UInt64(1) << UInt64(shift), (UInt64(1) << UInt64(shift)) &- 1, (UInt64(1) << UInt64(shift)) &+ 1] {
                let bytes = encode { $0.varint(value) }
                #expect(bytes.count == max(1, (64 - value.leadingZeroBitCount + 6) / 7))
                #expect(try decode(bytes) { reader throws(PayloadError) in try reader.varint() }.value == value)
            }
        }
    }

    @Test func varintLongerThan64BitsIsRejected() {
        // Ten bytes whose last one carries more than the 64th bit.
        #expect(throws: PayloadError.self) {
            try decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]) { reader throws(PayloadError) in try reader.varint() }
        }
        // Eleven bytes.
        #expect(throws: PayloadError.self) {
            try decode([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x00]) { reader throws(PayloadError) in try reader.varint() }
        }
        // A continuation byte forever: it ends at the end of the bytes, not in a hang.
        #expect(throws: PayloadError.truncated) {
            try decode([UInt8](repeating: 0x80, count: 5)) { reader throws(PayloadError) in try reader.varint() }
        }
        #expect(throws: PayloadError.truncated) {
            try decode([]) { reader throws(PayloadError) in try reader.varint() }
        }
    }

    @Test func overlongVarintIsAcceptedAsTheSpecSays() throws {
        let decoded = try decode([0x80, 0x00]) { reader throws(PayloadError) in try reader.varint() }
        #expect(decoded.value == 0)
        #expect(decoded.consumed == 2)
    }

    static let zigzagCases: [(Int64, UInt64)] = [
        (0, 0), (-1, 1), (1, 2), (-2, 3), (2, 4), (63, 126), (-64, 127), (64, 128),
        (Int64.max, UInt64.max - 1), (Int64.min, UInt64.max),
        (Int64.max - 1, UInt64.max - 3), (Int64.min + 1, UInt64.max - 2),
    ]

    @Test(arguments: zigzagCases)
    func zigzagEncodingAndRoundTrip(value: Int64, zigzag: UInt64) throws {
        let bytes = encode { $0.signed(value) }
        #expect(bytes == encode { $0.varint(zigzag) })
        let decoded = try decode(bytes) { reader throws(PayloadError) in try reader.signed() }
        #expect(decoded.value == value)
        #expect(decoded.consumed == bytes.count)
    }

    @Test func fixedWidthIntegersAreLittleEndian() throws {
        #expect(encode { $0.u16(0x0102) } == [0x02, 0x01])
        #expect(encode { $0.u32(0x0102_0304) } == [0x04, 0x03, 0x02, 0x01])
        #expect(encode { $0.u64(0x0102_0304_0506_0708) } == [0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01])
        let bytes = encode {
            $0.u8(0xAB)
            $0.u16(UInt16.max)
            $0.u32(0xDEAD_BEEF)
            $0.u64(UInt64.max - 1)
        }
        let decoded = try decode(bytes) { reader throws(PayloadError) in
            (try reader.u8(), try reader.u16(), try reader.u32(), try reader.u64())
        }
        #expect(decoded.value == (0xAB, UInt16.max, 0xDEAD_BEEF, UInt64.max - 1))
        #expect(decoded.consumed == 15)
        #expect(throws: PayloadError.truncated) { try decode([0x01]) { reader throws(PayloadError) in try reader.u16() } }
        #expect(throws: PayloadError.truncated) { try decode([0x01, 0x02, 0x03]) { reader throws(PayloadError) in try reader.u32() } }
        #expect(throws: PayloadError.truncated) { try decode([UInt8](repeating: 1, count: 7)) { reader throws(PayloadError) in try reader.u64() } }
    }

    @Test func stringsAreLengthPrefixedUTF8() throws {
        #expect(encode { $0.string("") } == [0x00])
        #expect(encode { $0.string("ab") } == [0x02, 0x61, 0x62])
        #expect(encode { $0.string("é") } == [0x02, 0xC3, 0xA9])
        let long = String(repeating: "x", count: 200)
        #expect(Array(encode { $0.string(long) }.prefix(2)) == [0xC8, 0x01])
        for text in ["", "ab", "é", "🙂 emoji", long, "nul\u{0}inside"] {
            let bytes = encode { $0.string(text) }
            let decoded = try decode(bytes) { reader throws(PayloadError) in try reader.string() }
            #expect(decoded.value == text)
            #expect(decoded.consumed == bytes.count)
        }
    }

    @Test func malformedStringsAreRejected() {
        // Not UTF-8.
        #expect(throws: PayloadError.invalid("string is not valid UTF-8")) {
            try decode([0x02, 0xC3, 0x28]) { reader throws(PayloadError) in try reader.string() }
        }
        // A length longer than what remains.
        #expect(throws: PayloadError.self) {
            try decode([0x05, 0x61]) { reader throws(PayloadError) in try reader.string() }
        }
        // A length of 2^64 - 1.
        #expect(throws: PayloadError.self) {
            try decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x61]) { reader throws(PayloadError) in try reader.string() }
        }
    }

    @Test func numbersMustFitInAnInt() throws {
        let largest = encode { $0.varint(UInt64(Int.max)) }
        #expect(try decode(largest) { reader throws(PayloadError) in try reader.number() }.value == Int.max)
        let tooLarge = encode { $0.varint(UInt64(Int.max) + 1) }
        #expect(throws: PayloadError.self) { try decode(tooLarge) { reader throws(PayloadError) in try reader.number() } }
    }

    @Test func hostileCountsAreRejectedBeforeAllocating() {
        // A count of 2^63 - 1 entries in a few bytes: rejected by the count check, not by
        // running out of memory.
        let hostile = encode { $0.varint(UInt64(Int.max)) } + [0x01, 0x00, 0x01, 0x30]
        #expect(throws: PayloadError.self) { try decode(hostile) { reader throws(PayloadError) in try reader.entries() } }
        #expect(throws: PayloadError.self) { try decode(hostile) { reader throws(PayloadError) in try reader.edges() } }
        #expect(throws: PayloadError.self) { try decode(hostile) { reader throws(PayloadError) in try reader.subscriptions() } }
        #expect(throws: PayloadError.self) { try decode(hostile) { reader throws(PayloadError) in try reader.itemCount(minimumSize: 1) } }
        // Exactly as many as can fit is allowed.
        #expect(throws: Never.self) { try decode([0x02, 0x01, 0x02, 0x03, 0x04]) { reader throws(PayloadError) in try reader.edges() } }
    }
}
