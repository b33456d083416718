@testable import AtomJournal
@testable import AtomScopeKit
import Testing

/// A step summary's atoms are sorted by their places among the catalog's sorted ids, as
/// numbers: the order, and which of equal ids is kept, must be what sorting the ids gives.
@Suite struct TimelineSummaryOrderTests {
    /// Ids that sort in surprising ways: case, digits, non-ASCII, a precomposed and a
    /// decomposed "é" (equal as Swift strings), and ids that several numbers share.
    private static let names = ["b", "B", "a", "a10", "a9", "é", "e\u{301}", "Ω", "z", "Zed", "", "b"]

    private static func catalog(sparse: Bool) -> TimelineCatalog {
        var index = JournalIndex()
        for (position, name) in names.enumerated() {
            let number = sparse ? position * 1_000_003 : position
            index.atoms[number] = JournalAtomDefinition(
                number: number, id: name, kind: "state", valueType: "Int", isRestorable: false, isSensitive: false, isKeepAlive: false)
        }
        return TimelineCatalog(index: index, startTime: nil)
    }

    /// Dense numbers (a table) and sparse ones (a dictionary) alike.
    @Test(arguments: [false, true])
    func placesSortAsTheIdsSort(sparse: Bool) {
        let catalog = Self.catalog(sparse: sparse)
        var generator = SplitMix64(seed: 5)
        for _ in 0..<3_000 {
            let numbers = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                Int.random(in: 0..<Self.names.count, using: &generator) * (sparse ? 1_000_003 : 1)
            }
            let ids = numbers.map(catalog.id(ofAtom:))
            // Compared as bytes: Swift's `==` takes the two spellings of "é" for one string,
            // and `log` prints bytes.
            func bytes(_ names: [String]?) -> [[UInt8]]? { names?.map { Array($0.utf8) } }
            #expect(bytes(catalog.sortedIDs(ofAtoms: numbers, unique: true)) == bytes(TimelineStepSummary.sortedOnce(ids)), "\(numbers)")
            #expect(bytes(catalog.sortedIDs(ofAtoms: numbers, unique: false)) == bytes(ids.sorted()), "\(numbers)")
        }
    }

    /// A number the journal never defines has no place: the caller sorts the ids itself.
    @Test func anUndefinedNumberHasNoPlace() {
        let catalog = Self.catalog(sparse: false)
        #expect(catalog.sortedIDs(ofAtoms: [0, 99], unique: true) == nil)
        #expect(catalog.sortedIDs(ofAtoms: [-1], unique: true) == nil)
        #expect(Self.catalog(sparse: true).sortedIDs(ofAtoms: [0, 1], unique: true) == nil)
        #expect(catalog.sortedIDs(ofAtoms: [], unique: true) == [])
    }
}
