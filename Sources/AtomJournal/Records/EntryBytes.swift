/// A step's value entries as bytes, appended at the end and written in place; also where the
/// journal writer puts together a step's frame that it copies straight into its mapping.
///
/// The recorder appends an entry of a few bytes for each changed atom, fifty and more per
/// commit. Through an `[UInt8]` each entry paid a call to `append(contentsOf:)` with its
/// uniqueness and capacity checks, about 100 instructions, for 8 bytes; through a shared
/// buffer, a uniqueness check and a call still. Here an entry checks for room and is stored
/// straight into memory the list alone owns.
///
/// Noncopyable: the bytes have one owner, so no append asks whether a copy shares them. The
/// memory is freed with the list.
struct EntryBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    /// The most bytes an integer entry takes: its atom's number and the value, each a varint
    /// of up to 10 bytes, and the tag.
    static let maximumIntegerEntrySize = 10 + 1 + 10

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Empties the list, keeping its memory for the next step.
    mutating func removeAll() {
        count = 0
    }

    /// Appends bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty, let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    /// Appends a value entry for an integer: the same bytes as `ByteWriter.varint(atom)`
    /// followed by `ByteWriter.value(.json(String(value)))`, which is the integer tag and the
    /// value as a signed varint. Inlined into the recorder's loop over a commit's atoms.
    @inline(__always)
    mutating func appendIntegerEntry(atom: Int, _ value: Int) {
        reserve(Self.maximumIntegerEntrySize)
        var at = base + count
        RawVarint.store(UInt64(max(0, atom)), at: &at)
        at.pointee = ValueTag.integer
        at += 1
        RawVarint.store(ByteWriter.zigzag(Int64(value)), at: &at)
        // `at` is at most `maximumIntegerEntrySize` past the old end, inside the capacity
        // reserved above: the count cannot overflow.
        count = base.distance(to: at)
    }

    /// The start of an integer entry for atom `atom` (its number as a varint, then the
    /// integer tag) as the low bytes of a little-endian word, and how many there are; `nil`
    /// when they take more than four bytes (an atom number of 2^21 or more).
    static func integerEntryHead(atom: Int) -> (bytes: UInt32, count: UInt8)? {
        guard atom >= 0, atom < 1 << 21 else { return nil }
        var head: UInt32 = 0
        var count: UInt8 = 0
        withUnsafeMutableBytes(of: &head) { word in
            guard let start = word.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var at = start
            RawVarint.store(UInt64(atom), at: &at)
            at.pointee = ValueTag.integer
            at += 1
            count = UInt8(start.distance(to: at))
        }
        return (UInt32(littleEndian: head), count)
    }

    /// Appends an integer entry whose start `integerEntryHead(atom:)` made: the bytes of
    /// `appendIntegerEntry(atom:_:)`, the start stored as one word.
    @inline(__always)
    mutating func appendIntegerEntry(head: UInt32, headCount: UInt8, _ value: Int) {
        reserve(Self.maximumIntegerEntrySize)
        var at = base + count
        Self.storeIntegerEntry(head: head, headCount: headCount, value, at: &at)
        count = base.distance(to: at)
    }

    /// Stores the integer entry of `appendIntegerEntry(head:headCount:_:)` at `at`, which has
    /// room for ``maximumIntegerEntrySize`` bytes, and moves `at` past it.
    @inline(__always)
    static func storeIntegerEntry(head: UInt32, headCount: UInt8, _ value: Int, at: inout UnsafeMutablePointer<UInt8>) {
        // The whole word fits: the room is more than four bytes, and the bytes past the head
        // are overwritten by the value or lie past the entry's end.
        UnsafeMutableRawPointer(at).storeBytes(of: head.littleEndian, as: UInt32.self)
        at += Int(headCount)
        RawVarint.store(ByteWriter.zigzag(Int64(value)), at: &at)
    }

    /// Appends what `body` stores at the pointer it is given, which has room for `bound`
    /// bytes; `body` moves the pointer past what it stored.
    mutating func appendRaw(bound: Int, _ body: (inout UnsafeMutablePointer<UInt8>) -> Void) {
        reserve(bound)
        let start = base + count
        var at = start
        body(&at)
        // The same promise as `ByteWriter.appendRaw(bound:_:)`, checked the same way: a
        // caller whose bound fell behind its writes stops here.
        precondition(start.distance(to: at) <= bound, "AtomJournal: a record was written past the room reserved for it")
        count = base.distance(to: at)
    }

    /// Calls `body` with the bytes.
    func withUnsafeBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        // Wrapping: `count` and `extra` are sizes of memory already allocated or about to be.
        if count &+ extra > capacity { grow(toHold: count &+ extra) }
    }

    private mutating func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
