@testable import AtomJournal
import Foundation

/// What the format tests share: the records of the documented test vectors, a framer written
/// from the spec rather than from `JournalWriter`, and access to the hex blocks of
/// `docs/JOURNAL-FORMAT.md`, so that the document and the tests cannot drift apart.
enum FormatSpec {
    // MARK: The documented vectors

    /// The fixed salt of the documented journal: the bytes 0x00 through 0x0F.
    static let vectorSalt: [UInt8] = Array(0..<16)

    /// The fixed metadata of the documented journal.
    static let vectorMetadata: [String: String] = [
        JournalHeader.MetadataKey.app: "demo",
        JournalHeader.MetadataKey.processID: "4242",
        JournalHeader.MetadataKey.startTime: "1700000000000000",
        JournalHeader.MetadataKey.keyframeInterval: "256",
    ]

    /// The records of the documented journal, in file order.
    static let vectorRecords: [JournalRecord] = [
        .atomDefinition(JournalAtomDefinition(
            number: 1, id: "CountAtom", kind: "state", valueType: "Int",
            isRestorable: true, isSensitive: false, isKeepAlive: false
        )),
        .keyframe(JournalKeyframe(
            commit: 3, time: 100,
            atoms: [JournalValueEntry(atom: 1, value: .json("0"))], edges: [], subscriptions: []
        )),
        .locationDefinition(JournalLocationDefinition(number: 0, fileID: "Demo/App.swift", line: 12)),
        .step(JournalStep(
            commit: 4, time: 1500, operation: "set", causeAtom: 1, causeLocation: 0,
            updated: [JournalValueEntry(atom: 1, value: .json("5"))]
        )),
        .mark(JournalMark(commit: 4, time: 2000, label: "after set")),
        .close(JournalClose(commit: 4, time: 2500, stepCount: 1)),
    ]

    /// The delta base that the documented full step is encoded against.
    static let fullStepBase = DeltaBase(commit: 10, time: 5000)

    /// A step that uses every section of the flags byte and an operation without a code.
    static let fullStep = JournalStep(
        commit: 12, time: 4990, operation: "custom-op", causeAtom: nil, causeLocation: nil, label: "load",
        initialized: [JournalValueEntry(atom: 2, value: .text("<opaque>"))],
        updated: [JournalValueEntry(atom: 3, value: .redacted), JournalValueEntry(atom: 4, value: .absent)],
        released: [5],
        edgesAdded: [JournalEdge(upstream: 1, downstream: 2)],
        edgesRemoved: [JournalEdge(upstream: 1, downstream: 3)],
        subscriptionsAdded: [JournalSubscription(atom: 1, subscriber: 0)],
        subscriptionsRemoved: [JournalSubscription(atom: 2, subscriber: 0)]
    )

    /// The documented subscriber definition.
    static let subscriberDefinition = JournalSubscriberDefinition(number: 7, fileID: "Demo/View.swift", line: 300)

    /// The documented subscriber definition with a name (format 1.1).
    static let namedSubscriberDefinition = JournalSubscriberDefinition(number: 7, fileID: "Demo/View.swift", line: 300, name: "TodoScreen")

    /// A richer journal's records: every record type, every step section and value tag,
    /// several keyframes, as a recorder would write them (commits never decrease).
    /// Bytes a later minor version might append to a record of this type, which today's reader
    /// must skip: anything after a known record's fields, except that a step's trailing bytes
    /// are extensions (format 1.2), so there a well-formed extension of an unknown tag, and an
    /// unnamed subscriber definition first gets the empty name (format 1.1).
    static func laterFields(of type: RecordType?) -> [UInt8] {
        switch type {
        case .step: [0x7F, 0x02, 0xFF, 0x00]
        case .subscriberDefinition: [0x00, 0x01, 0xFF, 0x00, 0x7F]
        default: [0x01, 0xFF, 0x00, 0x7F]
        }
    }

    static let sampleRecords: [JournalRecord] = {
        var records: [JournalRecord] = [
            .atomDefinition(JournalAtomDefinition(number: 0, id: "TodosAtom", kind: "state", valueType: "Array<Todo>", isRestorable: true, isSensitive: false, isKeepAlive: false)),
            .atomDefinition(JournalAtomDefinition(number: 1, id: "FilterAtom", kind: "state", valueType: "Filter", isRestorable: true, isSensitive: false, isKeepAlive: true)),
            .atomDefinition(JournalAtomDefinition(number: 2, id: "TokenAtom", kind: "state", valueType: "String", isRestorable: false, isSensitive: true, isKeepAlive: false)),
            .atomDefinition(JournalAtomDefinition(number: 3, id: "FilteredTodosAtom", kind: "value", valueType: "Array<Todo>", isRestorable: true, isSensitive: false, isKeepAlive: false)),
            .subscriberDefinition(JournalSubscriberDefinition(number: 0, fileID: "Todo/TodoList.swift", line: 17)),
            .keyframe(JournalKeyframe(
                commit: 0, time: 12,
                atoms: [
                    JournalValueEntry(atom: 0, value: .json("[]")),
                    JournalValueEntry(atom: 1, value: .json("\"all\"")),
                    JournalValueEntry(atom: 2, value: .redacted),
                    JournalValueEntry(atom: 3, value: .json("[]")),
                ],
                edges: [JournalEdge(upstream: 0, downstream: 3), JournalEdge(upstream: 1, downstream: 3)],
                subscriptions: [JournalSubscription(atom: 3, subscriber: 0)]
            )),
            .locationDefinition(JournalLocationDefinition(number: 0, fileID: "Todo/TodoList.swift", line: 40)),
        ]
        for commit in 1...12 {
            let todos = (0..<commit).map { "{\"isDone\":\($0 % 3 == 0),\"title\":\"todo \($0)\"}" }.joined(separator: ",")
            var step = JournalStep(
                commit: commit, time: Int64(1000 * commit + commit % 4), operation: commit % 5 == 0 ? "modify" : "set",
                causeAtom: 0, causeLocation: 0,
                updated: [JournalValueEntry(atom: 0, value: .json("[\(todos)]")), JournalValueEntry(atom: 3, value: .json("[\(todos)]"))]
            )
            if commit == 4 {
                step.operation = "batch"
                step.label = "import"
                step.causeAtom = nil
                step.causeLocation = nil
                step.initialized = [JournalValueEntry(atom: 4, value: .text("Connection(localhost)"))]
                step.edgesAdded = [JournalEdge(upstream: 4, downstream: 3)]
                step.subscriptionsAdded = [JournalSubscription(atom: 4, subscriber: 0)]
                records.append(.atomDefinition(JournalAtomDefinition(number: 4, id: "ConnectionAtom", kind: "value", valueType: "Connection", isRestorable: false, isSensitive: false, isKeepAlive: false)))
            }
            if commit == 7 {
                step.operation = "scripted-edit"
                step.updated.append(JournalValueEntry(atom: 2, value: .redacted))
                step.released = [4]
                step.edgesRemoved = [JournalEdge(upstream: 4, downstream: 3)]
                step.subscriptionsRemoved = [JournalSubscription(atom: 4, subscriber: 0)]
            }
            if commit == 9 {
                step.updated.append(JournalValueEntry(atom: 1, value: .absent))
            }
            records.append(.step(step))
            if commit == 3 {
                records.append(.mark(JournalMark(commit: 3, time: 3500, label: "before login")))
            }
            if commit % 5 == 0 {
                records.append(.keyframe(JournalKeyframe(
                    commit: commit, time: Int64(1000 * commit + 1),
                    atoms: [JournalValueEntry(atom: 0, value: .json("[\(todos)]")), JournalValueEntry(atom: 2, value: .redacted)],
                    edges: [JournalEdge(upstream: 0, downstream: 3)], subscriptions: []
                )))
            }
        }
        records.append(.mark(JournalMark(commit: 12, time: 12_500, label: "🙂 done")))
        records.append(.close(JournalClose(commit: 12, time: 13_000, stepCount: 12)))
        return records
    }()

    /// The sample records written by a real `JournalWriter`; returns the file's bytes.
    static func writeSample(to url: URL, records: [JournalRecord] = sampleRecords) throws -> [UInt8] {
        let writer = try JournalWriter(url: url, metadata: vectorMetadata, flushPolicy: .never)
        for record in records {
            try writer.append(record)
        }
        try writer.flush()
        return [UInt8](try Data(contentsOf: url))
    }

    // MARK: Encoding as the spec says

    /// A frame built from the spec's words: `length u32 | masked CRC-32C over (salt, type,
    /// sequence, payload) u32 | type u8 | sequence u64 | payload`, little-endian. The checksum
    /// is taken over one concatenated buffer, not continued from a salt state as the writer
    /// does, so that the two computations check each other.
    static func frame(type: UInt8, sequence: UInt64, payload: [UInt8], salt: [UInt8]) -> [UInt8] {
        var covered = salt
        covered.append(type)
        covered += littleEndian(sequence, width: 8)
        covered += payload
        var frame = littleEndian(UInt64(payload.count), width: 4)
        frame += littleEndian(UInt64(CRC32C.mask(CRC32C.checksum(covered))), width: 4)
        frame.append(type)
        frame += littleEndian(sequence, width: 8)
        frame += payload
        return frame
    }

    /// A whole journal: the encoded header, then one frame per record with sequence numbers
    /// from 0 and the delta base carried from record to record.
    static func journal(salt: [UInt8], metadata: [String: String], records: [JournalRecord]) -> [UInt8] {
        var bytes = JournalHeader(salt: salt, metadata: metadata).encoded()
        var base = DeltaBase()
        for (sequence, record) in records.enumerated() {
            let payload = record.encodePayload(base: &base)
            bytes += frame(type: record.type.rawValue, sequence: UInt64(sequence), payload: payload, salt: salt)
        }
        return bytes
    }

    /// The documented journal, built from the records above.
    static var vectorJournal: [UInt8] {
        journal(salt: vectorSalt, metadata: vectorMetadata, records: vectorRecords)
    }

    /// A frame's place in a journal.
    struct FrameSpan: Equatable {
        var offset: Int
        var size: Int
        var end: Int { offset + size }
    }

    /// The header size and the frames of a well-formed journal, found by following the spec's
    /// layout (metadata length at byte 28, each frame's length in its first four bytes).
    static func layout(of journal: [UInt8]) -> (headerSize: Int, frames: [FrameSpan]) {
        let headerSize = 36 + Int(readLittleEndian(journal, at: 28, width: 4))
        var frames: [FrameSpan] = []
        var offset = headerSize
        while offset + 17 <= journal.count {
            let size = 17 + Int(readLittleEndian(journal, at: offset, width: 4))
            guard offset + size <= journal.count else { break }
            frames.append(FrameSpan(offset: offset, size: size))
            offset += size
        }
        return (headerSize, frames)
    }

    /// A well-formed journal given another salt: the salt replaced, the header checksum and
    /// every frame's checksum recomputed, everything else kept.
    static func resalted(_ journal: [UInt8], salt: [UInt8]) -> [UInt8] {
        let (headerSize, frames) = layout(of: journal)
        var header = Array(journal[0..<headerSize])
        header.replaceSubrange(12..<28, with: salt)
        header.replaceSubrange((headerSize - 4)..<headerSize, with: littleEndian(UInt64(CRC32C.mask(CRC32C.checksum(Array(header[0..<(headerSize - 4)])))), width: 4))
        var result = header
        for span in frames {
            let frame = Array(journal[span.offset..<span.end])
            result += self.frame(type: frame[8], sequence: readLittleEndian(frame, at: 9, width: 8), payload: Array(frame[17...]), salt: salt)
        }
        return result
    }

    /// The header of a journal with its version fields replaced and its checksum fixed up.
    static func withVersion(_ journal: [UInt8], major: UInt16, minor: UInt16? = nil) -> [UInt8] {
        let (headerSize, _) = layout(of: journal)
        var bytes = journal
        bytes.replaceSubrange(8..<10, with: littleEndian(UInt64(major), width: 2))
        if let minor {
            bytes.replaceSubrange(10..<12, with: littleEndian(UInt64(minor), width: 2))
        }
        bytes.replaceSubrange((headerSize - 4)..<headerSize, with: littleEndian(UInt64(CRC32C.mask(CRC32C.checksum(Array(bytes[0..<(headerSize - 4)])))), width: 4))
        return bytes
    }

    static func readLittleEndian(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
        (0..<width).reduce(0) { $0 | UInt64(bytes[offset + $1]) << UInt64(8 * $1) }
    }

    static func littleEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
    }

    /// A plain bit-at-a-time CRC-32C, written from the definition (reflected polynomial
    /// 0x82F63B78, initial value and final xor 0xFFFFFFFF), to check the table-driven one.
    static func bitwiseCRC32C(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
            }
        }
        return ~crc
    }

    // MARK: The document

    /// The repository's root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Format
        .deletingLastPathComponent() // AtomJournalTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    static var specURL: URL {
        repositoryRoot.appendingPathComponent("docs/JOURNAL-FORMAT.md")
    }

    /// The lines of the fenced block that opens with ```` ```<info> ````, such as
    /// `hex vector-journal`.
    static func documentedBlock(_ info: String) throws -> [String] {
        let text = try String(contentsOf: specURL, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let openings = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == "```" + info }
        guard openings.count == 1, let opening = openings.first else {
            throw SpecError("docs/JOURNAL-FORMAT.md has \(openings.count) blocks opening with ```\(info), expected exactly one")
        }
        guard let closing = lines[(opening + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "```" }) else {
            throw SpecError("the ```\(info) block in docs/JOURNAL-FORMAT.md is not closed")
        }
        return Array(lines[(opening + 1)..<closing])
    }

    /// The bytes of a documented hex block: pairs of hex digits separated by spaces, with
    /// everything from `#` to the end of a line being an annotation.
    static func documentedHex(_ name: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for (number, line) in try documentedBlock("hex " + name).enumerated() {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for token in data.split(whereSeparator: \.isWhitespace) {
                guard token.count == 2, let byte = UInt8(token, radix: 16) else {
                    throw SpecError("```hex \(name), line \(number + 1): \"\(token)\" is not a byte in hex")
                }
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// The `name = 0xHEX` lines of a documented block.
    static func documentedValues(_ info: String) throws -> [String: UInt32] {
        var values: [String: UInt32] = [:]
        for line in try documentedBlock(info) {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[1].hasPrefix("0x"), let value = UInt32(parts[1].dropFirst(2), radix: 16) else { continue }
            values[parts[0]] = value
        }
        return values
    }

    /// Bytes as the document writes them, for readable failure messages.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: " ")
    }

    /// The first position where two byte arrays differ, for failure messages.
    static func firstDifference(_ left: [UInt8], _ right: [UInt8]) -> String {
        guard let index = zip(left, right).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
            return left.count == right.count ? "identical" : "one is a prefix of the other (\(left.count) vs \(right.count) bytes)"
        }
        return "first difference at byte \(index): \(hex(left[index..<min(left.count, index + 8)])) vs \(hex(right[index..<min(right.count, index + 8)]))"
    }

    struct SpecError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// A folder of its own in the temporary directory, removed when the value goes away.
final class FormatScratchFolder {
    let url: URL
    private var counter = 0

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("atomjournal-format-\(safe)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A fresh file name in the folder.
    func newFile(_ name: String = "journal") -> URL {
        counter += 1
        return url.appendingPathComponent("\(name)-\(counter).journal")
    }

    /// Writes bytes to a fresh file and returns its URL.
    func write(_ bytes: [UInt8], name: String = "journal") throws -> URL {
        let file = newFile(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// Overwrites a given file.
    func overwrite(_ file: URL, with bytes: [UInt8]) throws {
        try Data(bytes).write(to: file)
    }
}

/// A small seeded generator (SplitMix64), so that random inputs replay exactly.
struct FormatSeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension FormatSeededRandom {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
