@testable import AtomJournal
import Testing

/// A step's payload is written in one append through a pointer (`JournalRecord.encodeStep`);
/// it must be, byte for byte, the layout of JOURNAL-FORMAT.md written field by field, which
/// this test writes with the byte writer's own primitives, for steps with every section.
@Suite("Step encoding")
struct StepEncodingTests {
    /// A seeded generator, so that a failure names a case that comes back.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    private static let operations = ["set", "batch", "scope ended", "custom operation", "opération"]
    private static let texts = ["", "a", "label", "ünïcode ✓", String(repeating: "long ", count: 60)]

    private func number(_ generator: inout Generator) -> Int {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: Int.random(in: 0..<128, using: &generator)
        case 1: Int.random(in: 128..<20_000, using: &generator)
        case 2: Int.random(in: 0...Int.max, using: &generator)
        default: -Int.random(in: 1...5, using: &generator)
        }
    }

    private func value(_ generator: inout Generator) -> JournalValue {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: .json(String(Int.random(in: Int.min...Int.max, using: &generator)))
        case 1: .json(#"{"id":1,"text":"\#(Self.texts.randomElement(using: &generator) ?? "")"}"#)
        case 2: .text(Self.texts.randomElement(using: &generator) ?? "")
        case 3: .redacted
        default: .absent
        }
    }

    private func list<T>(_ generator: inout Generator, _ make: (inout Generator) -> T) -> [T] {
        (0..<[0, 0, 1, 3, 40].randomElement(using: &generator)!).map { _ in make(&generator) }
    }

    private func step(_ generator: inout Generator) -> JournalStep {
        var step = JournalStep(
            commit: Int.random(in: 0..<1_000_000, using: &generator),
            time: Int64.random(in: -1_000...Int64(1) << 50, using: &generator),
            operation: Self.operations.randomElement(using: &generator)!,
            causeAtom: Bool.random(using: &generator) ? number(&generator) : nil,
            causeLocation: Bool.random(using: &generator) ? number(&generator) : nil,
            label: Bool.random(using: &generator) ? Self.texts.randomElement(using: &generator) : nil,
            initialized: list(&generator) { JournalValueEntry(atom: number(&$0), value: value(&$0)) },
            updated: list(&generator) { JournalValueEntry(atom: number(&$0), value: value(&$0)) },
            released: list(&generator) { number(&$0) },
            edgesAdded: list(&generator) { JournalEdge(upstream: number(&$0), downstream: number(&$0)) },
            edgesRemoved: list(&generator) { JournalEdge(upstream: number(&$0), downstream: number(&$0)) },
            subscriptionsAdded: list(&generator) { JournalSubscription(atom: number(&$0), subscriber: number(&$0)) },
            subscriptionsRemoved: list(&generator) { JournalSubscription(atom: number(&$0), subscriber: number(&$0)) }
        )
        step.recomputed = list(&generator) { number(&$0) }
        if Bool.random(using: &generator) {
            step.patches = [JournalValuePatch(atom: 3, edits: [.replace(index: 1, json: #"{"id":2}"#), .insert(index: 4, json: "5"), .remove(index: 0, count: 2)])]
        }
        return step
    }

    /// The layout written field by field, as the format document gives it.
    private func fieldByField(_ step: JournalStep, base: DeltaBase) -> [UInt8] {
        var writer = ByteWriter()
        writer.varint(ByteWriter.zigzag(Int64(step.commit) &- Int64(base.commit)))
        writer.varint(ByteWriter.zigzag(step.time &- base.time))
        let code = OperationCode.code(for: step.operation)
        writer.u8(code)
        if code == 0 { writer.string(step.operation) }
        writer.varint(step.causeAtom.map { UInt64(max(0, $0)) + 1 } ?? 0)
        writer.varint(step.causeLocation.map { UInt64(max(0, $0)) + 1 } ?? 0)
        var flags: UInt8 = 0
        for (present, bit) in [
            (step.label != nil, StepSection.label), (!step.initialized.isEmpty, StepSection.initialized),
            (!step.updated.isEmpty, StepSection.updated), (!step.released.isEmpty, StepSection.released),
            (!step.edgesAdded.isEmpty, StepSection.edgesAdded), (!step.edgesRemoved.isEmpty, StepSection.edgesRemoved),
            (!step.subscriptionsAdded.isEmpty, StepSection.subscriptionsAdded),
            (!step.subscriptionsRemoved.isEmpty, StepSection.subscriptionsRemoved),
        ] where present { flags |= bit }
        writer.u8(flags)
        if let label = step.label { writer.string(label) }
        if !step.initialized.isEmpty { writer.entries(step.initialized) }
        if !step.updated.isEmpty { writer.entries(step.updated) }
        if !step.released.isEmpty {
            writer.varint(step.released.count)
            step.released.forEach { writer.varint($0) }
        }
        // The pair lists by varints here, not through the writer's own list functions, which
        // share the code under test.
        for pairs in [step.edgesAdded.map { ($0.upstream, $0.downstream) }, step.edgesRemoved.map { ($0.upstream, $0.downstream) },
                      step.subscriptionsAdded.map { ($0.atom, $0.subscriber) }, step.subscriptionsRemoved.map { ($0.atom, $0.subscriber) }]
        where !pairs.isEmpty {
            writer.varint(pairs.count)
            for (first, second) in pairs {
                writer.varint(first)
                writer.varint(second)
            }
        }
        if !step.recomputed.isEmpty {
            var body = ByteWriter()
            body.varint(step.recomputed.count)
            step.recomputed.forEach { body.varint($0) }
            writer.u8(StepExtension.recomputed)
            writer.data(body.bytes)
        }
        if !step.patches.isEmpty {
            let draft = StepDraft(step)
            writer.u8(StepExtension.patched)
            writer.varint(draft.patches.bodySize)
            writer.varint(draft.patches.count)
            writer.bytes.append(contentsOf: draft.patches.body.bytes)
        }
        return writer.bytes
    }

    @Test(arguments: 0..<8)
    func aStepWrittenInOneAppendIsTheLayoutFieldByField(seed: UInt64) throws {
        var generator = Generator(state: seed)
        for _ in 0..<250 {
            let step = step(&generator)
            let start = DeltaBase(commit: Int.random(in: 0..<1_000, using: &generator), time: Int64.random(in: 0..<1_000, using: &generator))
            var base = start
            let bytes = JournalRecord.step(step).encodePayload(base: &base)
            #expect(bytes == fieldByField(step, base: start))
            #expect(base == DeltaBase(commit: step.commit, time: step.time))
        }
    }

    /// A drafted step that the writer puts straight into its mapping (nothing buffered ahead
    /// of it) is the frame that `append(.step(_:))` buffers and writes: the two journals read
    /// back as the same records, and the mapped one has each step in the file when
    /// `appendStep` returns.
    @Test(arguments: 0..<4)
    func aDraftedStepCopiedIntoTheMappingIsTheFrameAppendWrites(seed: UInt64) throws {
        var generator = Generator(state: seed)
        let mappedFile = TemporaryJournal("mapped")
        let writtenFile = TemporaryJournal("written")
        let mapped = try JournalWriter(url: mappedFile.url, flushPolicy: .writeEachCommit)
        let written = try JournalWriter(url: writtenFile.url, flushPolicy: .never)
        for count in 1...150 {
            var step = step(&generator)
            // The random patch names an atom the step may not update, which a reader refuses.
            step.patches = []
            // Every fifth step comes after a record still in the buffer (as a definition
            // precedes the step that first changes an atom): it must go after that record,
            // the buffer's way, and the steps around it must count from its delta base.
            let buffered = count % 5 == 0
            if buffered {
                let mark = JournalRecord.mark(JournalMark(commit: step.commit, time: step.time, label: "before \(count)"))
                try mapped.append(mark)
                try written.append(mark)
            }
            try mapped.appendStep(StepDraft(step))
            #if os(Linux)
            #expect(mapped.isMapped)
            #expect(mapped.stepCount == count)
            #expect(buffered || mapped.stepsInFile == count)
            #endif
            try mapped.endCommit()
            #if os(Linux)
            #expect(mapped.stepsInFile == count)
            #expect(mapped.bytesInFile == mapped.bytesWritten)
            #endif
            try written.append(.step(step))
        }
        try mapped.close()
        try written.close()
        let left = try JournalReader(url: mappedFile.url).readAll()
        let right = try JournalReader(url: writtenFile.url).readAll()
        #expect(left.records.count == 181)
        // The close records differ only in when each writer closed.
        #expect(left.records.dropLast() == right.records.dropLast())
        #expect(left.ending == .closed)
    }
}
