@testable import AtomJournal
import Atoms
import Foundation
import Testing

/// Scalars (`Int`, `Bool`, `String`) are written straight from where the store keeps them,
/// not through the general encoder: these tests hold the bytes to what the general path
/// writes, in steps and in keyframes, for the values where the two could differ.
@MainActor
@Suite("Recorder scalars")
struct RecorderScalarTests {
    struct Number: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    struct Flag: StateAtom, Hashable {
        func defaultValue(context: Context) -> Bool { false }
    }

    struct Text: StateAtom, Hashable {
        func defaultValue(context: Context) -> String { "" }
    }

    struct MaybeNumber: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int? { nil }
    }

    struct Hidden: StateAtom, Sensitive, Hashable {
        func defaultValue(context: Context) -> String { "hidden-4c1e" }
    }

    static let numbers = [1, -1, 9, 10, -10, 1_234_567, Int.max, Int.min, 0]
    static let texts = ["plain", "quote \" and \\ backslash", "tab\tnew\nline\r", "\u{1}\u{1F}\u{7F}", "é ü 漢字 🎉", "/slash/", ""]

    /// The values each atom went through, in order, and the journal they were recorded in.
    private func record(keyframeInterval: Int, to url: URL) throws -> (numbers: [Int], texts: [String], flags: [Bool]) {
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: url, options: JournalRecorderOptions(keyframeInterval: keyframeInterval))
        let context = root.context()
        _ = context.watch(Number())
        _ = context.watch(Flag())
        _ = context.watch(Text())
        _ = context.watch(MaybeNumber())
        _ = context.watch(Hidden())
        var flags: [Bool] = []
        for (index, number) in Self.numbers.enumerated() {
            context.set(number, for: Number())
            context.set(index % 2 == 0, for: Flag())
            flags.append(index % 2 == 0)
            context.set(index, for: MaybeNumber())
            context.set("secret \(index)", for: Hidden())
        }
        for text in Self.texts {
            context.set(text, for: Text())
        }
        try recorder.close()
        return (Self.numbers, Self.texts, flags)
    }

    private func general(_ value: Any?) -> JournalValue {
        JournalValueEncoder().encode(value, isSensitive: false)
    }

    @Test("Every step's scalar is the general encoder's bytes, and the sensitive atom stays redacted")
    func stepsMatchTheGeneralPath() throws {
        let journalFile = TemporaryJournal()
        let recorded = try record(keyframeInterval: 1_000, to: journalFile.url)
        let journal = try Journal(url: journalFile.url)
        let numbers = journal.index.atoms.values.first { $0.id == "Number" }.map(\.number)
        let texts = journal.index.atoms.values.first { $0.id == "Text" }.map(\.number)
        let flags = journal.index.atoms.values.first { $0.id == "Flag" }.map(\.number)
        let maybe = journal.index.atoms.values.first { $0.id == "MaybeNumber" }.map(\.number)
        let hidden = journal.index.atoms.values.first { $0.id == "Hidden" }.map(\.number)
        var seen: (numbers: [JournalValue], texts: [JournalValue], flags: [JournalValue], maybe: [JournalValue], hidden: [JournalValue]) = ([], [], [], [], [])
        for index in 0..<journal.stepCount {
            for entry in try journal.step(at: index).updated {
                switch entry.atom {
                case numbers: seen.numbers.append(entry.value)
                case texts: seen.texts.append(entry.value)
                case flags: seen.flags.append(entry.value)
                case maybe: seen.maybe.append(entry.value)
                case hidden: seen.hidden.append(entry.value)
                default: break
                }
            }
        }
        #expect(seen.numbers == recorded.numbers.map { general($0) })
        #expect(seen.texts == recorded.texts.map { general($0) })
        // A set to the value the atom has is a recompute, not a change.
        #expect(seen.flags == [true, false, true, false, true, false, true, false, true].map { general($0) })
        #expect(seen.maybe == (0..<Self.numbers.count).map { general(Optional($0)) })
        #expect(seen.hidden.count == Self.numbers.count)
        #expect(seen.hidden.allSatisfy { $0 == .redacted })
        #expect(try !journalFile.bytes().containsSubsequence(Array("secret".utf8)))
    }

    @Test("A keyframe after scalar steps holds each scalar's last value, as the general path writes it")
    func keyframesMatchTheGeneralPath() throws {
        let journalFile = TemporaryJournal()
        let recorded = try record(keyframeInterval: 3, to: journalFile.url)
        let journal = try Journal(url: journalFile.url)
        let keyframes = try (0..<journal.index.keyframes.count).map { try journal.keyframe(at: $0) }
        let last = try #require(keyframes.last)
        let byID = Dictionary(uniqueKeysWithValues: journal.index.atoms.values.map { ($0.number, $0.id) })
        var values: [String: JournalValue] = [:]
        for entry in last.atoms {
            guard let id = byID[entry.atom] else { continue }
            values[id] = entry.value
        }
        #expect(values["Number"] == general(recorded.numbers.last))
        #expect(values["Text"] == general(recorded.texts.last))
        #expect(values["Flag"] == general(recorded.flags.last))
        #expect(values["MaybeNumber"] == general(Optional(Self.numbers.count - 1)))
        #expect(values["Hidden"] == .redacted)
        #expect(keyframes.count > 3)
    }

    @Test("Each keyframe holds the value each scalar had at its commit, not the first one written")
    func everyKeyframeHoldsTheScalarsOfItsCommit() throws {
        let journalFile = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journalFile.url, options: JournalRecorderOptions(keyframeInterval: 1))
        let context = root.context()
        _ = context.watch(Number())
        _ = context.watch(Flag())
        let numbers = [5, -6, 700, 0, 8]
        for (index, number) in numbers.enumerated() {
            context.batch {
                context.set(number, for: Number())
                context.set(index % 2 == 0, for: Flag())
            }
        }
        try recorder.close()
        let journal = try Journal(url: journalFile.url)
        let byID = Dictionary(uniqueKeysWithValues: journal.index.atoms.values.map { ($0.id, $0.number) })
        let number = try #require(byID["Number"])
        let flag = try #require(byID["Flag"])
        var seen: [(JournalValue?, JournalValue?)] = []
        for index in 0..<journal.index.keyframes.count {
            let atoms = try journal.keyframe(at: index).atoms
            seen.append((atoms.first { $0.atom == number }?.value, atoms.first { $0.atom == flag }?.value))
        }
        // The keyframes before are the state at the start and after each watch.
        let last = seen.suffix(numbers.count)
        #expect(seen.count == numbers.count + 3)
        #expect(last.map(\.0) == numbers.map { general($0) })
        #expect(last.map(\.1) == numbers.indices.map { general($0 % 2 == 0) })
    }
}

private extension Array where Element == UInt8 {
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
