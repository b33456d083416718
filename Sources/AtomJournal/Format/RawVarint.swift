/// LEB128 varints stored through a pointer into memory already reserved for them: the writers
/// of many small fields reserve room once and store each field without the checks an array
/// append makes (its uniqueness and capacity, about 25 instructions a byte).
enum RawVarint {
    /// The most bytes a varint of a 64-bit value takes.
    static let maximumSize = 10

    /// Stores `varint` at `at` and moves `at` past it. The varints of one and two bytes (an
    /// atom's number below 128, an integer of magnitude below 8,192) are stored without the
    /// loop and its exit.
    @inline(__always)
    static func store(_ varint: UInt64, at: inout UnsafeMutablePointer<UInt8>) {
        if varint < 0x80 {
            at.pointee = UInt8(truncatingIfNeeded: varint)
            at += 1
        } else if varint < 0x4000 {
            at.pointee = UInt8(truncatingIfNeeded: varint) | 0x80
            at[1] = UInt8(truncatingIfNeeded: varint >> 7)
            at += 2
        } else {
            storeLong(varint, at: &at)
        }
    }

    /// The bytes of `ByteWriter.varint(_:)` of an `Int`: a negative one as 0.
    @inline(__always)
    static func store(_ value: Int, at: inout UnsafeMutablePointer<UInt8>) {
        store(UInt64(max(0, value)), at: &at)
    }

    @inline(__always)
    static func storeByte(_ byte: UInt8, at: inout UnsafeMutablePointer<UInt8>) {
        at.pointee = byte
        at += 1
    }

    /// The bytes, as they are.
    @inline(__always)
    static func storeBytes(_ bytes: UnsafeRawBufferPointer, at: inout UnsafeMutablePointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        UnsafeMutableRawPointer(at).copyMemory(from: source, byteCount: bytes.count)
        at += bytes.count
    }

    /// The bytes of `ByteWriter.string(_:)`: the UTF-8 length, then the UTF-8.
    static func storeString(_ string: String, at: inout UnsafeMutablePointer<UInt8>) {
        var string = string
        string.withUTF8 { utf8 in
            store(utf8.count, at: &at)
            storeBytes(UnsafeRawBufferPointer(utf8), at: &at)
        }
    }

    private static func storeLong(_ varint: UInt64, at: inout UnsafeMutablePointer<UInt8>) {
        var rest = varint
        while rest >= 0x80 {
            at.pointee = UInt8(truncatingIfNeeded: rest) | 0x80
            rest >>= 7
            at += 1
        }
        at.pointee = UInt8(truncatingIfNeeded: rest)
        at += 1
    }
}
