/// Appends the journal's primitive encodings: little-endian integers, LEB128 varints and
/// length-prefixed UTF-8 strings.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    /// A writer over `bytes`, with no capacity reserved: `reserveCapacity(0)` on an empty
    /// array still made a new buffer, at every frame the journal writer began.
    init(bytes: [UInt8]) {
        self.bytes = bytes
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

    /// A frame's header with its length and checksum zero, to be filled in when the payload
    /// is written: one append, where a field at a time paid the array's checks three times,
    /// about 300 instructions a frame.
    mutating func frameHeader(type: UInt8, sequence: UInt64) {
        appendRaw(bound: JournalFormat.frameHeaderSize) { Self.storeFrameHeader(type: type, sequence: sequence, at: &$0) }
    }

    /// A frame's header at `at`: 17 bytes, 8 zeros (the length and checksum, filled in when
    /// the payload is known), the type, then the sequence number in little-endian order.
    @inline(__always)
    static func storeFrameHeader(type: UInt8, sequence: UInt64, at: inout UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(at)
        raw.storeBytes(of: UInt64(0), as: UInt64.self)
        raw.storeBytes(of: (UInt64(type) | sequence << 8).littleEndian, toByteOffset: 8, as: UInt64.self)
        raw.storeBytes(of: UInt8(truncatingIfNeeded: sequence >> 56), toByteOffset: 16, as: UInt8.self)
        at += JournalFormat.frameHeaderSize
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

    /// Appends what `body` writes through the pointer it is given, which it advances past
    /// the bytes it wrote, at most `bound` of them: one room check and one count for all.
    @inline(__always)
    mutating func appendRaw(bound: Int, _ body: (inout UnsafeMutablePointer<UInt8>) -> Void) {
        bytes.append(addingCapacity: bound) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                let start = base + initialized
                var at = start
                body(&at)
                // `body` stays within `bound` bytes (its caller's promise), which the span
                // has room for. Checked in every build, one compare an append: a caller whose
                // bound fell behind its writes (a step section added to one and not the
                // other) must stop here, not go on over memory it does not own.
                precondition(start.distance(to: at) <= bound, "AtomJournal: a record was written past the room reserved for it")
                initialized += start.distance(to: at)
            }
        }
    }

    mutating func data(_ value: [UInt8]) {
        varint(value.count)
        bytes.append(contentsOf: value)
    }
}
