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

    /// Appends an entry whose value is written by `body` into the same bytes: one tag and
    /// what follows it, as `ByteWriter.value(_:)` writes a `JournalValue`.
    /// `body` also gets a scratch buffer, empty or not, to build a value in.
    mutating func append(atom: Int, _ body: (inout ByteWriter, inout [UInt8]) -> Void) {
        count += 1
        writer.varint(atom)
        body(&writer, &scratch)
    }

    /// Appends an entry for an integer value, as `RecordedScalar.int` writes it.
    mutating func appendInteger(atom: Int, _ value: Int) {
        count += 1
        writer.varint(atom)
        writer.jsonInteger(value)
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

    /// An integer as a JSON value, as `value(.json(String(value)))` writes it: the tag, the
    /// length and the digits are put together first and appended at once, since one append
    /// costs far more than composing a few bytes.
    mutating func jsonInteger(_ value: Int) {
        // A tag, a one-byte length (at most 20 characters) and a sign and 19 digits: 22 bytes.
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            let start = FastJSONBytes.writeIntegerText(value, atEndOf: buffer)
            buffer[start - 1] = UInt8(truncatingIfNeeded: buffer.count - start)
            buffer[start - 2] = ValueTag.json
            // Typed, so that the append is one copy rather than a loop over a raw buffer.
            let text = UnsafeRawBufferPointer(rebasing: buffer[(start - 2)...])
            bytes.append(contentsOf: text.assumingMemoryBound(to: UInt8.self))
        }
    }

    mutating func entries(_ entries: EncodedValueEntries) {
        varint(entries.count)
        bytes.append(contentsOf: entries.writer.bytes)
    }
}
