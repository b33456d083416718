/// Appends the journal's primitive encodings: little-endian integers, LEB128 varints and
/// length-prefixed UTF-8 strings.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    mutating func u8(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    // One append of the little-endian bytes: byte by byte, each paid the array's uniqueness
    // and capacity checks, about 100 instructions for a frame's header.
    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func varint(_ value: Int) {
        varint(UInt64(max(0, value)))
    }

    /// How many bytes ``varint(_:)-(Int)`` writes for `value`.
    static func varintSize(_ value: Int) -> Int {
        var rest = UInt64(max(0, value)) >> 7
        var size = 1
        while rest > 0 {
            size += 1
            rest >>= 7
        }
        return size
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func data(_ value: [UInt8]) {
        varint(value.count)
        bytes.append(contentsOf: value)
    }
}
