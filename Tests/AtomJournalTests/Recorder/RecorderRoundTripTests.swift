@testable import AtomJournal
import Atoms
import Foundation
import Testing

@MainActor
@Suite("Recorder round trip")
struct RecorderRoundTripTests {
    /// What a test expects of a step, built from the commit the observer saw.
    struct Expected: Equatable, CustomStringConvertible {
        var commit: Int
        var operation: String
        var label: String?
        var causeAtom: Int?
        var initialized: [Int: JournalValue]
        var updated: [Int: JournalValue]
        var released: Set<Int>
        var edgesAdded: Set<JournalEdge>
        var edgesRemoved: Set<JournalEdge>
        var subscriptionsAdded: Set<JournalSubscription>
        var subscriptionsRemoved: Set<JournalSubscription>

        var description: String { "commit \(commit) \(operation)" }

        @MainActor
        init(_ commit: AtomCommit) {
            let changes = commit.changes
            self.commit = commit.number
            operation = commit.cause.operation.rawValue
            label = commit.cause.label
            causeAtom = commit.cause.atomNumber
            initialized = Dictionary(uniqueKeysWithValues: changes.initialized.map { ($0.atom.number, Self.encode($0.value)) })
            updated = Dictionary(uniqueKeysWithValues: changes.updated.map { ($0.atom.number, Self.encode($0.value)) })
            released = Set(changes.released.map(\.number))
            edgesAdded = Set(changes.edgesAdded.map { JournalEdge(upstream: $0.upstream.number, downstream: $0.downstream.number) })
            edgesRemoved = Set(changes.edgesRemoved.map { JournalEdge(upstream: $0.upstream.number, downstream: $0.downstream.number) })
            subscriptionsAdded = Set(changes.subscriptionsAdded.map { JournalSubscription(atom: $0.atom.number, subscriber: $0.subscriber.number) })
            subscriptionsRemoved = Set(changes.subscriptionsRemoved.map { JournalSubscription(atom: $0.atom.number, subscriber: $0.subscriber.number) })
        }

        init(_ step: JournalStep) {
            commit = step.commit
            operation = step.operation
            label = step.label
            causeAtom = step.causeAtom
            initialized = Dictionary(uniqueKeysWithValues: step.initialized.map { ($0.atom, $0.value) })
            updated = Dictionary(uniqueKeysWithValues: step.updated.map { ($0.atom, $0.value) })
            released = Set(step.released)
            edgesAdded = Set(step.edgesAdded)
            edgesRemoved = Set(step.edgesRemoved)
            subscriptionsAdded = Set(step.subscriptionsAdded)
            subscriptionsRemoved = Set(step.subscriptionsRemoved)
        }

        static func encode(_ value: Any?) -> JournalValue {
            guard let number = value as? Int else { return .absent }
            return .json(String(number))
        }
    }

    @Test(arguments: [1, 2, 3])
    func everyCommitReadsBackAsTheObserverSawIt(seed: UInt64) throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        var options = JournalRecorderOptions()
        options.keyframeInterval = 16
        let recorder = try JournalRecorder(root: root, url: journal.url, options: options)
        var expected: [Expected] = []
        var liveValues: [Int: JournalValue] = [:]
        var keyframeStates: [[Int: JournalValue]] = [[:]]
        root.observeCommits { commit in
            expected.append(Expected(commit))
            for change in commit.changes.initialized + commit.changes.updated {
                liveValues[change.atom.number] = Expected.encode(change.value)
            }
            for atom in commit.changes.released {
                liveValues[atom.number] = nil
            }
            if expected.count % 16 == 0 {
                keyframeStates.append(liveValues)
            }
        }

        var random = FormatSeededRandom(seed: seed)
        var contexts = (0..<4).map { _ in root.context() }
        for _ in 0..<400 {
            let context = contexts[Int.random(in: 0..<contexts.count, using: &random)]
            let index = Int.random(in: 0..<10, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0: context.watch(PairSum(index: index))
            case 1: context.watch(Switcher(index: index))
            case 2: context.set(Int.random(in: -50...50, using: &random), for: Cell(index: index))
            case 3: context.modify(Cell(index: index)) { $0 += 1 }
            case 4: context.reset(Cell(index: index))
            case 5: context.unwatch(PairSum(index: index))
            case 6: _ = context.read(PairSum(index: index + 20))
            case 7:
                context.batch("pair") {
                    context.set(index, for: Cell(index: index))
                    context.set(-index, for: Cell(index: index + 1))
                }
            default:
                let position = Int.random(in: 0..<contexts.count, using: &random)
                contexts[position] = root.context()
            }
        }
        try recorder.close()
        #expect(recorder.lastError == nil)

        let read = try Journal(url: journal.url)
        #expect(read.index.ending == .closed)
        #expect(read.stepCount == expected.count)
        for position in 0..<min(read.stepCount, expected.count) {
            let step = try read.step(at: position)
            #expect(Expected(step) == expected[position])
        }
        // Every keyframe holds exactly the state the observer had accumulated by then.
        #expect(read.index.keyframes.count == keyframeStates.count)
        for position in 0..<min(read.index.keyframes.count, keyframeStates.count) {
            let keyframe = try read.keyframe(at: position)
            let state = Dictionary(uniqueKeysWithValues: keyframe.atoms.map { ($0.atom, $0.value) })
            #expect(state == keyframeStates[position], "keyframe \(position)")
        }
        // Every atom a step names was defined before it.
        for position in 0..<read.stepCount {
            let step = try read.step(at: position)
            for number in step.initialized.map(\.atom) + step.updated.map(\.atom) + step.released {
                #expect(read.index.atoms[number] != nil)
            }
        }
    }

    @Test func causeLocationAndMarksAreRecorded() throws {
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url)
        let context = root.context()
        context.watch(Cell(index: 1))
        recorder.mark("before write")
        let line = #line + 1
        context.set(5, for: Cell(index: 1))
        try recorder.close()

        let read = try Journal(url: journal.url)
        let step = try read.step(at: 1)
        #expect(step.operation == "set")
        let location = step.causeLocation.flatMap { read.index.locations[$0] }
        #expect(location?.fileID == #fileID)
        #expect(location?.line == line)
        #expect(step.causeAtom.flatMap { read.index.atoms[$0]?.id } == "Cell(index: 1)")
        #expect(read.index.marks.map(\.mark.label) == ["before write"])
        #expect(read.index.marks.first?.stepCount == 1)
        #expect(read.index.close?.stepCount == 2)
    }

    @Test func valuesAreJSONWithSortedKeysOrDisplayOnlyText() throws {
        struct Profile: Codable, Equatable { var zeta = 1; var alpha = "a\"b" }
        struct ProfileAtom: StateAtom, Hashable {
            func defaultValue(context: Context) -> Profile { Profile() }
        }
        let journal = TemporaryJournal()
        let root = AtomRoot()
        let recorder = try JournalRecorder(root: root, url: journal.url)
        let context = root.context()
        context.watch(ProfileAtom())
        context.watch(Opaque())
        try recorder.close()

        let read = try Journal(url: journal.url)
        let step0 = try read.step(at: 0)
        let step1 = try read.step(at: 1)
        #expect(step0.initialized.first?.value == .json(#"{"alpha":"a\"b","zeta":1}"#))
        #expect(step1.initialized.first?.value == .text("Handle()"))
        let definitions = read.index.atoms.values.sorted { $0.number < $1.number }
        #expect(definitions.map(\.isRestorable) == [true, false])
    }
}
