@testable import AtomJournal
import Atoms
import Testing

/// Which type an atom id names, for the recorder's included and excluded types: an ASCII id
/// is read byte by byte, any other character by character; both cut at the same place.
@Suite("Recorded type names")
struct RecordedTypeNameTests {
    @Test(arguments: [
        ("CounterAtom", "CounterAtom"),
        ("FetchUserAtom(id: 3)", "FetchUserAtom"),
        ("SearchAtom.changes", "SearchAtom"),
        ("Family<Key.Nested>(x: 1)", "Family<Key.Nested>"),
        ("Pair<A<B>, C>.changes", "Pair<A<B>, C>"),
        ("QueryAtom(q: 1) @ PaneID()", "QueryAtom"),
        ("CaféAtom(name: \"é\")", "CaféAtom"),
        ("Ünïcode<Ä.Ö>.changes @ Écran", "Ünïcode<Ä.Ö>"),
    ])
    func theTypeIsTheIDUpToItsFirstArgumentsOrModifier(id: String, type: String) {
        #expect(JournalRecorderOptions.typeName(of: AtomID(id)) == type)
        #expect(JournalRecorderOptions(excludedTypes: [type]).records(AtomID(id)) == false)
        #expect(JournalRecorderOptions(includedTypes: [type]).records(AtomID(id)))
    }
}
