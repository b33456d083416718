@testable import AtomJournal
import Testing

/// An `Int` scalar's entry is put together in one buffer (`ByteWriter.integerEntry`); it must
/// be the bytes of the general entry, whatever the atom's number and the value.
@Suite struct EncodedValueEntriesTests {
    static let atoms = [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 35, Int.max]
    static let values = [0, 7, -1, 9, 10, -10, 42, -42, 1_234_567_890_123, Int.max, Int.min, Int.min + 1]

    @Test(arguments: atoms)
    func anIntegerEntryIsTheGeneralEntry(atom: Int) {
        var fast = EncodedValueEntries()
        var general = EncodedValueEntries()
        for value in Self.values {
            fast.append(atom: atom, scalar: .int(value))
            general.append(atom: atom, value: .json(String(value)))
        }
        #expect(fast.count == general.count)
        #expect(fast.writer.bytes == general.writer.bytes)
    }
}
