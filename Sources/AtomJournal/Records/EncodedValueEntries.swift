/// A step's list of value entries, already in their journal encoding (atom number, value tag,
/// value), as the recorder writes them straight from the atoms' values: no `String`,
/// `JournalValue` or array element per change. The step's encoder copies the bytes after the
/// count, exactly where `[JournalValueEntry]` would have written the same entries.
struct EncodedValueEntries {
    private(set) var count = 0
    private(set) var writer = ByteWriter(capacity: 0)
    /// Room for a value that must be built before its length is written, kept between entries.
    private var scratch: [UInt8] = []

    var isEmpty: Bool { count == 0 }

    /// Empties the list, keeping its capacity for the next step.
    mutating func removeAll() {
        count = 0
        writer.bytes.removeAll(keepingCapacity: true)
    }

    /// Appends an entry for a scalar, written straight into the same bytes as
    /// `ByteWriter.value(_:)` would write its JSON.
    mutating func append(atom: Int, scalar: RecordedScalar) {
        count += 1
        scalar.writeEntry(atom: atom, into: &writer, scratch: &scratch)
    }

    /// Appends an entry for an `Int`: `append(atom:scalar: .int(value))` without the enum.
    mutating func append(atom: Int, integer value: Int) {
        count += 1
        writer.integerEntry(atom: atom, value)
    }

    /// Appends an entry for a value that is at hand as a `JournalValue`.
    mutating func append(atom: Int, value: JournalValue) {
        count += 1
        writer.varint(atom)
        writer.value(value)
    }
}

extension ByteWriter {
    /// A JSON value whose UTF-8 bytes are at hand, as `value(.json(text))` writes `text`.
    mutating func json(_ utf8: UnsafeRawBufferPointer) {
        u8(ValueTag.json)
        varint(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    /// A value entry for an integer, the same bytes as `varint(atom)` then
    /// `value(.json(String(value)))`: put together in the digits' buffer and appended at once
    /// (each append to the array costs its uniqueness and capacity checks again).
    @inline(__always)
    mutating func integerEntry(atom: Int, _ value: Int) {
        let numberSize = Self.varintSize(atom)
        FastJSONBytes.withDecimalText(of: value, reserving: numberSize + 2) { entry, room in
            var number = UInt64(max(0, atom))
            var position = 0
            while number >= 0x80 {
                room[position] = UInt8(truncatingIfNeeded: number) | 0x80
                number >>= 7
                position &+= 1
            }
            room[position] = UInt8(number)
            room[numberSize] = ValueTag.json
            room[numberSize + 1] = UInt8(truncatingIfNeeded: entry.count - numberSize - 2)
            bytes.append(contentsOf: entry)
        }
    }

    mutating func entries(_ entries: EncodedValueEntries) {
        varint(entries.count)
        bytes.append(contentsOf: entries.writer.bytes)
    }
}
