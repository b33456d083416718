/// A step's value entries as bytes, appended at the end and written in place.
///
/// The recorder appends an entry of a few bytes for each changed atom, fifty and more per
/// commit. Through an `[UInt8]` each entry paid a call to `append(contentsOf:)` with its
/// uniqueness and capacity checks, about 100 instructions, for 8 bytes. Here an entry checks
/// for room once and is stored straight into the buffer.
///
/// A value type: a copy shares the buffer until one of them is changed.
struct EntryBytes {
    private struct Header {
        var count: Int
        var capacity: Int
    }

    private var buffer: ManagedBuffer<Header, UInt8>

    /// The most bytes an integer entry takes: its atom's number (a varint of up to 10 bytes),
    /// the JSON tag, the text's length (one byte) and the text (a sign and 19 digits).
    static let maximumIntegerEntrySize = 10 + 1 + 1 + 20

    init(capacity: Int = 0) {
        buffer = Self.makeBuffer(capacity: capacity, copying: nil)
    }

    /// Empties the buffer, keeping its capacity when no copy shares it.
    mutating func removeAll() {
        guard isKnownUniquelyReferenced(&buffer) else {
            self = EntryBytes(capacity: 0)
            return
        }
        buffer.withUnsafeMutablePointerToHeader { $0.pointee.count = 0 }
    }

    /// Appends bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty, let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        buffer.withUnsafeMutablePointers { header, base in
            (base + header.pointee.count).initialize(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            header.pointee.count += bytes.count
        }
    }

    /// Appends a value entry for an integer: the same bytes as `ByteWriter.varint(atom)`
    /// followed by `ByteWriter.value(.json(String(value)))`.
    mutating func appendIntegerEntry(atom: Int, _ value: Int) {
        reserve(Self.maximumIntegerEntrySize)
        buffer.withUnsafeMutablePointers { header, base in
            var at = base + header.pointee.count
            var number = UInt64(max(0, atom))
            while number >= 0x80 {
                at.pointee = UInt8(truncatingIfNeeded: number) | 0x80
                number >>= 7
                at += 1
            }
            at.pointee = UInt8(truncatingIfNeeded: number)
            at += 1
            at.pointee = ValueTag.json
            at += 1
            let magnitude = value.magnitude
            let length = Self.decimalDigitCount(magnitude) + (value < 0 ? 1 : 0)
            at.pointee = UInt8(truncatingIfNeeded: length)
            at += 1
            // The digits go back to front from the text's end; the sign, if any, first.
            if value < 0 { at.pointee = UInt8(ascii: "-") }
            // Two digits per division: a division by a constant is a multiplication, and
            // the pair's two digits come from one more.
            var end = at + length
            var rest = magnitude
            while rest >= 100 {
                let pair = rest % 100
                rest /= 100
                let tens = pair / 10
                end -= 2
                end[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
                end[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair &- tens &* 10)
            }
            if rest >= 10 {
                let tens = rest / 10
                end -= 2
                end[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
                end[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest &- tens &* 10)
            } else {
                end -= 1
                end[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
            }
            header.pointee.count = at + length - base
        }
    }

    /// Calls `body` with the bytes.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        buffer.withUnsafeMutablePointers { header, base in
            body(UnsafeRawBufferPointer(start: base, count: header.pointee.count))
        }
    }

    /// How many decimal digits `value` has: 1 to 20. A ladder of comparisons, shortest for
    /// the small numbers most atoms hold.
    @inline(__always)
    private static func decimalDigitCount(_ value: UInt) -> Int {
        if value < 10_000 {
            return value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4)
        }
        if value < 100_000_000 {
            return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
        }
        var digits = 9
        var bound: UInt = 1_000_000_000
        // `bound` would overflow past 10^19, where every UInt has at most 20 digits.
        while digits < 20, value >= bound {
            digits += 1
            bound &*= 10
        }
        return digits
    }

    /// Makes room for `extra` more bytes, and makes the buffer this value's own.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        let (count, capacity) = buffer.withUnsafeMutablePointerToHeader { ($0.pointee.count, $0.pointee.capacity) }
        if count + extra <= capacity, isKnownUniquelyReferenced(&buffer) { return }
        buffer = Self.makeBuffer(capacity: max(count + extra, capacity * 2, 64), copying: buffer)
    }

    private static func makeBuffer(capacity: Int, copying old: ManagedBuffer<Header, UInt8>?) -> ManagedBuffer<Header, UInt8> {
        let buffer = ManagedBuffer<Header, UInt8>.create(minimumCapacity: capacity) { _ in Header(count: 0, capacity: capacity) }
        if let old {
            old.withUnsafeMutablePointers { oldHeader, oldBase in
                buffer.withUnsafeMutablePointers { header, base in
                    base.initialize(from: oldBase, count: oldHeader.pointee.count)
                    header.pointee.count = oldHeader.pointee.count
                }
            }
        }
        return buffer
    }
}
