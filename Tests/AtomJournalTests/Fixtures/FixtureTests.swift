import AtomJournal
import Foundation
import Testing

/// The files under `fixtures/`, found from this source file's path (the tests may run from
/// any directory).
enum FixtureFiles {
    /// The repository root: this file is `Tests/AtomJournalTests/Fixtures/FixtureTests.swift`.
    static let root = URL(filePath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static func good(_ name: String) -> URL {
        root.appending(path: "fixtures/\(name)")
    }

    static func damaged(_ name: String) -> URL {
        root.appending(path: "fixtures/damaged/\(name)")
    }

    /// The token `ExampleTodo` signs in with (`Sources/ExampleTodo/main.swift`); its atom is
    /// `Sensitive`, so these bytes must never be in a journal.
    static let todoSessionToken = "todo-secret-7f3a9c2e51"

    /// The offsets of the frames of a whole journal, parsed independently of the reader:
    /// header size from the metadata length at offset 28, then each frame's length field.
    static func frameOffsets(of bytes: [UInt8]) -> [Int] {
        func u32(_ offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        var offsets: [Int] = []
        var offset = 32 + u32(28) + 4
        while offset + 17 <= bytes.count {
            offsets.append(offset)
            offset += 17 + u32(offset)
        }
        return offsets
    }

    /// The offset of the frame of `good` that holds the first byte where `damaged` differs
    /// from it (or where it ends, if it is a prefix).
    static func damagedFrameOffset(good: [UInt8], damaged: [UInt8]) -> Int? {
        let common = min(good.count, damaged.count)
        let firstDifference = (0..<common).first { good[$0] != damaged[$0] } ?? common
        guard firstDifference < good.count else { return nil }
        return frameOffsets(of: good).last { $0 <= firstDifference }
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Opens a journal and returns the error it gives, or nil.
    static func openingError(_ url: URL) -> JournalError? {
        do {
            _ = try Journal(url: url)
            return nil
        } catch {
            return error
        }
    }
}

/// Replays a journal's steps over its first keyframe, keeping each atom's latest value by
/// id: proof that every step decodes and that the values follow from one another.
struct FixtureReplay {
    private(set) var values: [String: JournalValue] = [:]
    private let journal: Journal

    init(_ journal: Journal) throws {
        self.journal = journal
        let first = try journal.keyframe(at: 0)
        for entry in first.atoms {
            values[try id(of: entry.atom)] = entry.value
        }
    }

    /// Applies the step at `position`.
    mutating func apply(step position: Int) throws -> JournalStep {
        let step = try journal.step(at: position)
        for entry in step.initialized + step.updated {
            values[try id(of: entry.atom)] = entry.value
        }
        for atom in step.released {
            values[try id(of: atom)] = nil
        }
        return step
    }

    /// An `Int` value written as JSON.
    func integer(_ id: String) -> Int? {
        guard case .json(let text) = values[id] else { return nil }
        return Int(text)
    }

    private func id(of number: Int) throws -> String {
        guard let definition = journal.index.atoms[number] else {
            throw FixtureReplayError(message: "atom number \(number) is used but never defined")
        }
        return definition.id
    }
}

struct FixtureReplayError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

@Suite("Fixtures: the example journals")
struct GoodFixtureTests {
    @Test("A good fixture opens, closed, with steps, a keyframe at step 0 and marks", arguments: ["todo.journal", "counter.journal", "search.journal"])
    func opens(_ name: String) throws {
        let journal = try Journal(url: FixtureFiles.good(name))
        #expect(journal.stepCount > 0)
        #expect(journal.index.keyframes.first?.stepCount == 0)
        #expect(!journal.index.marks.isEmpty)
        #expect(journal.index.ending == .closed)
        #expect(journal.index.close?.stepCount == journal.stepCount)
        #expect(journal.index.unknownRecords == 0)
        #expect(journal.header.majorVersion == JournalFormat.majorVersion)

        var replay = try FixtureReplay(journal)
        var lastCommit = journal.index.keyframes[0].commit
        for position in 0..<journal.stepCount {
            let step = try replay.apply(step: position)
            #expect(step.commit > lastCommit, "step \(position) does not follow commit \(lastCommit)")
            lastCommit = step.commit
        }
        for position in journal.index.keyframes.indices {
            _ = try journal.keyframe(at: position)
        }
    }

    @Test("The todo journal records the scripted session, its marks and a display-only value")
    func todoSession() throws {
        let journal = try Journal(url: FixtureFiles.good("todo.journal"))
        #expect(journal.header.appName == "ExampleTodo")
        #expect(journal.index.marks.map(\.mark.label) == ["signed in", "three todos added", "before delete"])

        let definitions = Dictionary(uniqueKeysWithValues: journal.index.atoms.values.map { ($0.id, $0) })
        #expect(Set(definitions.keys) == ["TodosAtom", "FilterAtom", "FilteredTodosAtom", "StatsAtom", "ProgressAtom", "SessionTokenAtom"])
        #expect(definitions["TodosAtom"]?.isRestorable == true)
        #expect(definitions["ProgressAtom"]?.isRestorable == false)

        var replay = try FixtureReplay(journal)
        var operations: [String] = []
        var labels: Set<String> = []
        var progress: [String] = []
        for position in 0..<journal.stepCount {
            let step = try replay.apply(step: position)
            operations.append(step.operation)
            if let label = step.label { labels.insert(label) }
            if case .text(let text) = replay.values["ProgressAtom"], progress.last != text {
                progress.append(text)
            }
        }
        #expect(labels == ["add todo"])
        #expect(operations.filter { $0 == "batch" }.count == 3)
        for operation in ["watch", "set", "modify", "unwatch"] {
            #expect(operations.contains(operation), "no \(operation) step")
        }
        #expect(progress.contains("1 of 3 (33%)"))
        // The session ends with the list unwatched: everything but the KeepAlive token is released.
        #expect(Set(replay.values.keys) == ["SessionTokenAtom"])
    }

    @Test("The todo journal redacts the Sensitive session token")
    func todoRedaction() throws {
        let url = FixtureFiles.good("todo.journal")
        let bytes = try FixtureFiles.bytes(url)
        #expect(bytes.count > 0)
        for secret in [FixtureFiles.todoSessionToken, "7f3a9c2e51"] {
            #expect(!bytes.contains(secret.utf8), "the journal holds \(secret)")
        }

        let journal = try Journal(url: url)
        let token = try #require(journal.index.atoms.values.first { $0.id == "SessionTokenAtom" })
        #expect(token.isSensitive)
        #expect(!token.isRestorable)
        var sawToken = false
        for position in 0..<journal.stepCount {
            let step = try journal.step(at: position)
            for entry in step.initialized + step.updated where entry.atom == token.number {
                #expect(entry.value == .redacted)
                sawToken = true
            }
        }
        #expect(sawToken, "the session never set its token")
        for position in journal.index.keyframes.indices {
            for entry in try journal.keyframe(at: position).atoms where entry.atom == token.number {
                #expect(entry.value == .redacted)
            }
        }
    }

    @Test("The counter journal: keyframes every 50 steps, resets, batches, and a consistent derived value")
    func counterSession() throws {
        let journal = try Journal(url: FixtureFiles.good("counter.journal"))
        #expect(journal.header.appName == "ExampleCounter")
        #expect(journal.header.keyframeInterval == 50)
        #expect(journal.index.keyframes.map(\.stepCount) == Array(stride(from: 0, through: journal.stepCount, by: 50)))
        let marks = journal.index.marks.map(\.mark.label)
        #expect(marks == ["counting", "lap 1", "lap 2", "lap 3", "done after 300 actions"])

        var replay = try FixtureReplay(journal)
        var operations: [String: Int] = [:]
        var checked = 0
        for position in 0..<journal.stepCount {
            let step = try replay.apply(step: position)
            operations[step.operation, default: 0] += 1
            guard let counter = replay.integer("CounterAtom"), let doubled = replay.integer("DoubledAtom") else { continue }
            #expect(doubled == 2 * counter, "step \(position): DoubledAtom \(doubled) for CounterAtom \(counter)")
            let parity = counter.isMultiple(of: 2) ? "\"even\"" : "\"odd\""
            if let value = replay.values["ParityAtom"] {  // watched from the second step on
                #expect(value == .json(parity), "step \(position)")
            }
            checked += 1
        }
        #expect(checked >= 300)
        // Of 300 actions: a reset every 25th (12), a batch every other 10th (30 less the 6
        // multiples of 50, which reset), increments for the rest.
        #expect(operations["reset"] == 12)
        #expect(operations["batch"] == 24)
        #expect(operations["modify"] == 264)
        #expect(operations["watch"] == 3)
    }
}

@Suite("Fixtures: damaged journals give their specific error, never a crash")
struct DamagedFixtureTests {
    let good: [UInt8]

    init() throws {
        good = try FixtureFiles.bytes(FixtureFiles.good("counter.journal"))
    }

    @Test("A journal cut inside its last frame opens with every step and a torn tail at that frame")
    func tornTail() throws {
        let url = FixtureFiles.damaged("torn-tail.journal")
        let bytes = try FixtureFiles.bytes(url)
        let lastFrame = try #require(FixtureFiles.frameOffsets(of: good).last)
        #expect(bytes.count > lastFrame && bytes.count < good.count)

        let journal = try Journal(url: url)
        let whole = try Journal(url: FixtureFiles.good("counter.journal"))
        #expect(journal.index.ending == .tornTail(offset: lastFrame, bytes: bytes.count - lastFrame))
        #expect(journal.index.ending.description.contains("offset \(lastFrame)"))
        #expect(journal.stepCount == whole.stepCount)
        #expect(journal.index.marks == whole.index.marks)
        #expect(journal.index.close == nil)
        for position in 0..<journal.stepCount {
            #expect(try journal.step(at: position) == whole.step(at: position))
        }
    }

    @Test("A flipped payload byte in a middle frame is corruption at that frame's offset, not a torn tail")
    func badChecksumInTheMiddle() throws {
        let url = FixtureFiles.damaged("bad-crc-middle.journal")
        let offset = try #require(FixtureFiles.damagedFrameOffset(good: good, damaged: try FixtureFiles.bytes(url)))
        #expect(offset > FixtureFiles.frameOffsets(of: good)[0] && offset < FixtureFiles.frameOffsets(of: good).last!)

        let error = try #require(FixtureFiles.openingError(url))
        #expect(error == .corruptFrame(path: url.path, offset: offset, reason: "checksum mismatch"))
        #expect(error.description.contains("offset \(offset)"))
        #expect(error.description.contains("checksum mismatch"))
    }

    @Test("A file that starts with another magic is not a journal")
    func wrongMagic() throws {
        let url = FixtureFiles.damaged("wrong-magic.journal")
        let error = try #require(FixtureFiles.openingError(url))
        #expect(error == .notAJournal(path: url.path))
        #expect(error.description.contains("not an atomscope journal"))
    }

    @Test("A huge length field in a middle frame is rejected at that frame's offset")
    func hugeLength() throws {
        let url = FixtureFiles.damaged("huge-length.journal")
        let offset = try #require(FixtureFiles.damagedFrameOffset(good: good, damaged: try FixtureFiles.bytes(url)))

        let error = try #require(FixtureFiles.openingError(url))
        #expect(error == .frameTooLarge(path: url.path, offset: offset, length: 0xFFFF_FFF0))
        #expect(error.description.contains("offset \(offset)"))
        #expect(error.description.contains("4294967280"))
    }

    @Test("A newer major version is rejected as such, not as a damaged header")
    func newerMajorVersion() throws {
        let url = FixtureFiles.damaged("newer-major.journal")
        let bytes = try FixtureFiles.bytes(url)
        #expect(bytes[8] == 3 && bytes[9] == 0)

        let error = try #require(FixtureFiles.openingError(url))
        #expect(error == .newerMajorVersion(path: url.path, found: 3, supported: 2))
        #expect(error.description.contains("3.x"))
    }

    @Test("An empty file is reported as empty")
    func empty() throws {
        let url = FixtureFiles.damaged("empty.journal")
        #expect(try FixtureFiles.bytes(url).isEmpty)
        let error = try #require(FixtureFiles.openingError(url))
        #expect(error == .empty(path: url.path))
        #expect(error.description.contains("empty"))
    }

    @Test("A header with no frames opens as an open journal without steps")
    func headerOnly() throws {
        let url = FixtureFiles.damaged("header-only.journal")
        let bytes = try FixtureFiles.bytes(url)
        #expect(bytes.count == FixtureFiles.frameOffsets(of: good)[0])

        let journal = try Journal(url: url)
        #expect(journal.stepCount == 0)
        #expect(journal.index.keyframes.isEmpty)
        #expect(journal.index.marks.isEmpty)
        #expect(journal.index.ending == .open)
        #expect(journal.header.appName == "ExampleCounter")
    }

    @Test("Every damaged copy differs from the good journal only by its damage", arguments: [
        "torn-tail.journal", "bad-crc-middle.journal", "wrong-magic.journal", "huge-length.journal", "newer-major.journal",
    ])
    func singleDamage(_ name: String) throws {
        let bytes = try FixtureFiles.bytes(FixtureFiles.damaged(name))
        let differing = zip(good, bytes).filter { $0 != $1 }.count
        // A flipped byte: 1; a length field or the magic: at most 4; the version and the
        // header checksum: at most 1 + 4; a cut: 0 (the rest is missing, not different).
        let maximum = ["bad-crc-middle.journal": 1, "newer-major.journal": 5, "torn-tail.journal": 0][name] ?? 4
        #expect(differing <= maximum, "\(name) differs in \(differing) bytes")
        #expect(differing > 0 || name == "torn-tail.journal")
        #expect(bytes.count == good.count || name == "torn-tail.journal")
    }
}
