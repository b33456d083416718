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

    /// A copy keeps its entries when the original goes on, and the other way round: the
    /// entries' buffer is shared only until one of them changes.
    @Test func aCopyIsItsOwnList() {
        var original = EncodedValueEntries()
        original.append(atom: 1, integer: 10)
        var copy = original
        original.append(atom: 2, integer: 20)
        copy.append(atom: 3, value: .json("true"))
        var expectedOriginal = EncodedValueEntries()
        expectedOriginal.append(atom: 1, value: .json("10"))
        expectedOriginal.append(atom: 2, value: .json("20"))
        var expectedCopy = EncodedValueEntries()
        expectedCopy.append(atom: 1, value: .json("10"))
        expectedCopy.append(atom: 3, value: .json("true"))
        #expect(Self.bytes(of: original) == Self.bytes(of: expectedOriginal))
        #expect(Self.bytes(of: copy) == Self.bytes(of: expectedCopy))
        copy.removeAll()
        #expect(copy.isEmpty && Self.bytes(of: copy).isEmpty)
        #expect(Self.bytes(of: original) == Self.bytes(of: expectedOriginal))
    }

    static func bytes(of entries: EncodedValueEntries) -> [UInt8] {
        entries.bytes.withUnsafeBytes { Array($0) }
    }
}
