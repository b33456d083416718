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

    /// The most bytes an integer entry takes: its atom's number and the value, each a varint
    /// of up to 10 bytes, and the tag.
    static let maximumIntegerEntrySize = 10 + 1 + 10

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
    /// followed by `ByteWriter.value(.json(String(value)))`, which is the integer tag and the
    /// value as a signed varint.
    mutating func appendIntegerEntry(atom: Int, _ value: Int) {
        reserve(Self.maximumIntegerEntrySize)
        buffer.withUnsafeMutablePointers { header, base in
            var at = base + header.pointee.count
            Self.store(UInt64(max(0, atom)), at: &at)
            at.pointee = ValueTag.integer
            at += 1
            let signed = Int64(value)
            Self.store(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)), at: &at)
            header.pointee.count = at - base
        }
    }

    @inline(__always)
    private static func store(_ varint: UInt64, at: inout UnsafeMutablePointer<UInt8>) {
        var rest = varint
        while rest >= 0x80 {
            at.pointee = UInt8(truncatingIfNeeded: rest) | 0x80
            rest >>= 7
            at += 1
        }
        at.pointee = UInt8(truncatingIfNeeded: rest)
        at += 1
    }

    /// Calls `body` with the bytes.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        buffer.withUnsafeMutablePointers { header, base in
            body(UnsafeRawBufferPointer(start: base, count: header.pointee.count))
        }
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
