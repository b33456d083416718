/// A step's list of value entries, already in their journal encoding (atom number, value tag,
/// value), as the recorder writes them straight from the atoms' values: no `String`,
/// `JournalValue` or array element per change. The step's encoder copies the bytes after the
/// count, exactly where `[JournalValueEntry]` would have written the same entries.
struct EncodedValueEntries: ~Copyable {
    private(set) var count = 0
    /// The entries after their count.
    private(set) var bytes = EntryBytes()
    /// Where an entry that is not an integer is put together before it is appended, kept
    /// between entries.
    private var scratch = ByteWriter(capacity: 0)
    /// Room for a value that must be built before its length is written, kept between entries.
    private var literal: [UInt8] = []

    var isEmpty: Bool { count == 0 }

    /// Empties the list, keeping its capacity for the next step.
    mutating func removeAll() {
        count = 0
        bytes.removeAll()
    }

    /// Appends an entry for a scalar, written straight into the same bytes as
    /// `ByteWriter.value(_:)` would write its JSON.
    mutating func append(atom: Int, scalar: RecordedScalar) {
        count += 1
        scratch.bytes.removeAll(keepingCapacity: true)
        scalar.writeEntry(atom: atom, into: &scratch, scratch: &literal)
        scratch.bytes.withUnsafeBytes { bytes.append($0) }
    }

    /// Appends an entry for an `Int`, the same bytes as `append(atom:value: .json(String(value)))`
    /// written in place: the integer tag and the value as a signed varint. Inlined into the
    /// recorder's loop: as a call, its frame cost a quarter of the entry.
    @inline(__always)
    mutating func append(atom: Int, integer value: Int) {
        // Wrapping: one entry per changed atom cannot count past `Int.max`.
        count &+= 1
        bytes.appendIntegerEntry(atom: atom, value)
    }

    /// Appends an integer entry whose start was made once (``EntryBytes/integerEntryHead(atom:)``).
    @inline(__always)
    mutating func append(integerHead head: UInt32, headCount: UInt8, value: Int) {
        count &+= 1
        bytes.appendIntegerEntry(head: head, headCount: headCount, value)
    }

    /// Appends up to `maximum` integer entries that `body` stores at the pointer it is given
    /// (room for that many, ``EntryBytes/maximumIntegerEntrySize`` bytes each), moving it past
    /// them; `body` returns how many it stored. One check for room for the whole run, where
    /// each entry checked for its own.
    @inline(__always)
    mutating func appendIntegers(maximum: Int, _ body: (inout UnsafeMutablePointer<UInt8>) -> Int) {
        var stored = 0
        bytes.appendRaw(bound: maximum &* EntryBytes.maximumIntegerEntrySize) { stored = body(&$0) }
        count &+= stored
    }

    /// Appends an entry for a value that is at hand as a `JournalValue`.
    mutating func append(atom: Int, value: JournalValue) {
        count += 1
        scratch.bytes.removeAll(keepingCapacity: true)
        scratch.varint(atom)
        scratch.value(value)
        scratch.bytes.withUnsafeBytes { bytes.append($0) }
    }
}

extension ByteWriter {
    mutating func entries(_ entries: borrowing EncodedValueEntries) {
        appendRaw(bound: RawVarint.maximumSize + entries.bytes.count) { Self.storeEntries(entries, at: &$0) }
    }
}
