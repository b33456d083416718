import AtomJournal

/// A line of output put together as UTF-8 bytes and made a `String` once.
///
/// `log` prints a line per step, a million on a large journal, each from ten or so pieces:
/// appending one `String` to another cost about 350 instructions a piece, appending its bytes
/// to an array a small copy.
package struct LineBytes {
    private var bytes: [UInt8] = []

    init(capacity: Int = 128) {
        bytes.reserveCapacity(capacity)
    }

    static func += (line: inout LineBytes, piece: String) {
        // A native string's bytes in one copy: appending its `utf8` view as a sequence went
        // byte by byte through the generic path, about 300 instructions a piece and a third
        // of what a `log` line cost.
        let copied: Void? = piece.utf8.withContiguousStorageIfAvailable { line.bytes.append(contentsOf: $0) }
        if copied == nil { line.bytes.append(contentsOf: piece.utf8) }
    }

    /// Appends one ASCII byte (a space, a quote, a mark).
    mutating func append(ascii byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends bytes that are whole UTF-8 characters (a name made one line, kept as bytes).
    mutating func append(bytes piece: [UInt8]) {
        bytes.append(contentsOf: piece)
    }

    /// Appends a step's offset, as ``StepFormatter/offset(_:)`` writes it, without making the
    /// string.
    mutating func append(offset microseconds: Int64) {
        guard microseconds.magnitude <= StepFormatter.offsetLimit else {
            self += StepFormatter.offset(microseconds)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: StepFormatter.offsetSize) { text in
            let written = StepFormatter.storeOffset(microseconds, into: text)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<written]))
        }
    }

    /// Appends a number in decimal, as `String(number)` writes it, without making the string
    /// (with the recorder's JSON integers' writer).
    mutating func append(decimal number: Int) {
        FastJSONBytes.appendInt(number, to: &bytes)
    }

    /// The line. The pieces were whole strings, so their bytes are valid UTF-8 together.
    package var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with the line's UTF-8 bytes: a caller that writes them out needs no
    /// `String`, whose making checks every byte again.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer(body)
    }
}
