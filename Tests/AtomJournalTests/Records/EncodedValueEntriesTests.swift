@testable import AtomJournal
import Testing

/// An `Int` scalar's entry is put together in one buffer (`EntryBytes.appendIntegerEntry`); it must
/// be the bytes of the general entry, whatever the atom's number and the value.
@Suite struct EncodedValueEntriesTests {
    static let atoms = [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 35, Int.max]
    static let values = [0, 7, -1, 9, 10, -10, 42, -42, 99, 100, -999, 1_000, 9_999, 10_000, 12_345, 99_999, 100_000, 123_456, 1_234_567, 12_345_678, 99_999_999, 100_000_000, 123_456_789, 999_999_999, 1_000_000_000, 1_234_567_890_123, 999_999_999_999_999_999, 1_000_000_000_000_000_000, Int.max, Int.min, Int.min + 1]

    @Test(arguments: atoms)
    func anIntegerEntryIsTheGeneralEntry(atom: Int) {
        var fast = EncodedValueEntries()
        var general = EncodedValueEntries()
        for value in Self.values {
            fast.append(atom: atom, integer: value)
            general.append(atom: atom, value: .json(String(value)))
        }
        #expect(fast.count == general.count)
        #expect(Self.bytes(of: fast) == Self.bytes(of: general))
    }

    /// The start made once per atom (`EntryBytes.integerEntryHead`) and stored as a word gives
    /// the same entries; atoms whose start takes more than four bytes have none.
    @Test(arguments: atoms + [(1 << 21) - 1, 1 << 21])
    func anIntegerEntryFromItsHeadIsTheGeneralEntry(atom: Int) {
        guard let head = EntryBytes.integerEntryHead(atom: atom) else {
            #expect(atom >= 1 << 21)
            return
        }
        var fast = EncodedValueEntries()
        var general = EncodedValueEntries()
        for value in Self.values {
            fast.append(integerHead: head.bytes, headCount: head.count, value: value)
            general.append(atom: atom, value: .json(String(value)))
        }
        #expect(fast.count == general.count)
        #expect(Self.bytes(of: fast) == Self.bytes(of: general))
    }

    /// Emptied for the next step, the list keeps its memory and holds only what follows, also
    /// past the memory it had (the first entries grow it from 64 bytes).
    @Test func anEmptiedListHoldsOnlyTheNextEntries() {
        var entries = EncodedValueEntries()
        for value in Self.values { entries.append(atom: 1, integer: value) }
        entries.removeAll()
        #expect(entries.isEmpty && Self.bytes(of: entries).isEmpty)
        var expected = EncodedValueEntries()
        for (index, value) in Self.values.enumerated() {
            entries.append(atom: index, integer: value)
            entries.append(atom: index, value: .json("true"))
            expected.append(atom: index, value: .json(String(value)))
            expected.append(atom: index, value: .json("true"))
        }
        #expect(entries.count == 2 * Self.values.count)
        #expect(Self.bytes(of: entries) == Self.bytes(of: expected))
    }

    static func bytes(of entries: borrowing EncodedValueEntries) -> [UInt8] {
        entries.bytes.withUnsafeBytes { Array($0) }
    }
}
