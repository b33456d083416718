/// Reads the journal's primitive encodings from untrusted bytes. Every read checks the bytes
/// that remain first, so no input can read out of bounds or make it allocate more than the
/// payload it already holds.
struct ByteReader {
    // The reads below keep `0 <= offset <= bytes.count`: each checks the bytes that remain
    // before it reads or moves, so the arithmetic after that check cannot overflow and wraps
    // (`&+`) instead of checking again, and a byte is loaded from the base address without
    // the optional's test (there is a base whenever a byte remains). Checked, the additions
    // and the test were about half the instructions of a read: the skim of a step, on every
    // open of a journal, reads a dozen fields.
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var remaining: Int {
        @inline(__always) get { bytes.count &- offset }
    }

    var isAtEnd: Bool {
        @inline(__always) get { offset >= bytes.count }
    }

    /// The byte at `index`, which must be below `bytes.count`.
    @inline(__always)
    private func byte(at index: Int) -> UInt8 {
        bytes.baseAddress.unsafelyUnwrapped.load(fromByteOffset: index, as: UInt8.self)
    }

    @inline(__always)
    mutating func u8() throws(PayloadError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        let value = byte(at: offset)
        offset &+= 1
        return value
    }

    mutating func u16() throws(PayloadError) -> UInt16 {
        guard remaining >= 2 else { throw .truncated }
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func u32() throws(PayloadError) -> UInt32 {
        guard remaining >= 4 else { throw .truncated }
        var value: UInt32 = 0
        for index in 0..<4 {
            value |= UInt32(bytes[offset + index]) << UInt32(8 * index)
        }
        offset += 4
        return value
    }

    mutating func u64() throws(PayloadError) -> UInt64 {
        guard remaining >= 8 else { throw .truncated }
        var value: UInt64 = 0
        for index in 0..<8 {
            value |= UInt64(bytes[offset + index]) << UInt64(8 * index)
        }
        offset += 8
        return value
    }

    @inline(__always)
    mutating func varint() throws(PayloadError) -> UInt64 {
        // Most varints in a journal (atom numbers, small deltas, short lengths) are one byte.
        // Two bytes (a step's time delta in milliseconds, most lengths over 127) without the
        // loop: about 28 instructions less per step when a journal is indexed. The same value
        // the loop gives, for the same bytes.
        let count = bytes.count
        if offset < count {
            let first = byte(at: offset)
            if first < 0x80 {
                offset &+= 1
                return UInt64(first)
            }
            if count &- offset >= 2 {
                let second = byte(at: offset &+ 1)
                if second < 0x80 {
                    offset &+= 2
                    return UInt64(first & 0x7F) | UInt64(second) << 7
                }
            }
        }
        return try longVarint()
    }

    private mutating func longVarint() throws(PayloadError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw .truncated }
            let byte = byte(at: offset)
            offset &+= 1
            guard shift < 64, !(shift == 63 && byte > 1) else { throw .invalid("varint longer than 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// A varint that must fit in an `Int` and not exceed `limit`.
    @inline(__always)
    mutating func count(limit: Int) throws(PayloadError) -> Int {
        let value = try varint()
        guard value <= UInt64(limit) else { throw .invalid("count \(value) exceeds \(limit)") }
        return Int(value)
    }

    /// A number of items, each at least `minimumSize` bytes, so a hostile count is rejected
    /// before any array is reserved for it.
    @inline(__always)
    mutating func itemCount(minimumSize: Int) throws(PayloadError) -> Int {
        let value = try varint()
        // Checked after the varint is consumed: its own bytes are no longer available.
        guard value <= UInt64(remaining / max(1, minimumSize)) else {
            throw .invalid("count \(value) exceeds what the payload can hold")
        }
        return Int(value)
    }

    /// A byte length that must fit in what remains after the length itself.
    @inline(__always)
    mutating func length() throws(PayloadError) -> Int {
        let value = try varint()
        guard value <= UInt64(remaining) else { throw .truncated }
        return Int(value)
    }

    /// The next `count` bytes, without moving past them.
    @inline(__always)
    func peek(_ count: Int) throws(PayloadError) -> UnsafeRawBufferPointer {
        guard count >= 0, remaining >= count else { throw .truncated }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    /// Moves past `count` bytes.
    @inline(__always)
    mutating func skip(_ count: Int) throws(PayloadError) {
        guard count >= 0, remaining >= count else { throw .truncated }
        offset += count
    }

    mutating func bytes(count: Int) throws(PayloadError) -> [UInt8] {
        guard count >= 0, remaining >= count else { throw .truncated }
        defer { offset += count }
        return Array(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
    }

    /// A reader of the next length-prefixed block, which this reader skips.
    mutating func block() throws(PayloadError) -> ByteReader {
        let count = try length()
        defer { offset += count }
        return ByteReader(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
    }

    /// Moves past a string, checking it is UTF-8 as decoding it would, and returns its length.
    /// ASCII, most of what journals hold, is checked eight bytes at a time without building
    /// the string; a string under eight bytes (a number, a short name) in one load when the
    /// payload has eight bytes from its start.
    @inline(__always)
    mutating func skimString() throws(PayloadError) -> Int {
        let count = try length()
        let start = offset
        let ascii = isASCII(start, count)
        if !ascii, String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]), as: UTF8.self) == nil {
            throw .invalid("string is not valid UTF-8")
        }
        // `length()` checked that `count` bytes remain.
        offset = start &+ count
        return count
    }

    mutating func data() throws(PayloadError) -> [UInt8] {
        try bytes(count: length())
    }

    mutating func string() throws(PayloadError) -> String {
        let length = try length()
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
        let text: String
        if isASCII(offset, length) {
            // ASCII is valid UTF-8 as it stands: decoding it is copying it. Validating it
            // went through the standard library's generic path, about 1,000 instructions for
            // a mark's label.
            text = slice.withMemoryRebound(to: UInt8.self) { String(decoding: $0, as: UTF8.self) }
        } else {
            guard let valid = String(validating: slice, as: UTF8.self) else {
                throw .invalid("string is not valid UTF-8")
            }
            text = valid
        }
        offset += length
        return text
    }

    /// Whether the `count` bytes at `start` are all ASCII: a string under 8 bytes in one
    /// load when 8 bytes are readable there, the rest 8 bytes at a time.
    @inline(__always)
    private func isASCII(_ start: Int, _ count: Int) -> Bool {
        if count < 8, bytes.count - start >= 8 {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            // The string's own bytes only: the low `count` bytes of a little-endian word.
            let own: UInt64 = (1 << (UInt64(count) &* 8)) &- 1
            return word & own & 0x8080_8080_8080_8080 == 0
        }
        var index = 0
        while count - index >= 8 {
            guard bytes.loadUnaligned(fromByteOffset: start + index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 else { return false }
            index += 8
        }
        while index < count {
            guard byte(at: start &+ index) < 0x80 else { return false }
            index &+= 1
        }
        return true
    }
}

/// Why a payload could not be decoded.
enum PayloadError: Error, Equatable, CustomStringConvertible {
    case truncated
    case invalid(String)

    var description: String {
        switch self {
        case .truncated: "ends in the middle of a field"
        case .invalid(let reason): reason
        }
    }
}
