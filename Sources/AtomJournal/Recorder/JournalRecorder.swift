@_spi(Recording) import Atoms
import Foundation

/// Records every commit of a store to a journal file, from the commit's change set alone:
/// a step costs bytes and time in proportion to what the commit changed.
///
/// ```swift
/// let root = AtomRoot()
/// let recorder = try JournalRecorder(root: root, url: URL(filePath: "app.journal"))
/// // ... the app runs ...
/// recorder.mark("before login")
/// try recorder.close()
/// ```
///
/// `Encodable` values are written as JSON with sorted keys; other values as their
/// description, marked display-only; values of `Sensitive` atoms are never written.
///
/// A list that changed in a few elements is written as edits of its previous value, so the
/// recorder keeps each list atom's last written value. It also keeps the JSON of up to 1,024
/// recently written list elements per element type (at most 256 KiB of it), and those
/// elements with it, so that an element written once is not encoded again, and the two lists
/// of the last patch per element type; values of `Sensitive` atoms are never among them.
///
/// With the default ``JournalFlushPolicy/writeEachCommit``, each commit's records reach the
/// kernel before the commit returns to the app, so the app's death (a crash, `exit`,
/// `kill -9`) loses no committed step. A write error (a full disk) stops recording: the journal
/// ends at the last whole record, the error is kept in ``lastError`` and passed once to
/// ``onError``, ``close()`` throws it, and the app goes on.
///
/// Exclusivity: the counters and flags read for every commit (`isRecording`, `lastCommit`,
/// `stepsUntilKeyframe`, `lastLocation`) are not checked at run time. Every access to them is a
/// single read or assignment on the main actor, so none is open while other code runs, even
/// when user code the recorder calls (an id filter, an atom's description) records a commit
/// of its own.
@MainActor
public final class JournalRecorder {
    /// The journal being written.
    public let writer: JournalWriter
    /// The options recording started with.
    public let options: JournalRecorderOptions
    /// Steps whose records the kernel holds, so that they survive the app's death. Under a
    /// buffering policy (``JournalFlushPolicy/interval(_:)``, ``JournalFlushPolicy/never``)
    /// this lags the commits until the buffer is written.
    public var stepsWritten: Int { writer.stepsInFile }
    /// Steps to record before the next keyframe: counted down, where a count of the steps
    /// taken modulo the interval cost a division and its checks at every commit.
    @exclusivity(unchecked) private var stepsUntilKeyframe = 0
    /// Called once, on the main actor, with the write error that stops recording.
    public var onError: (@MainActor (JournalError) -> Void)?
    /// Commits not written because recording stopped (size limit, error or close).
    public private(set) var droppedSteps = 0
    /// The error that stopped recording, if one did.
    public private(set) var lastError: JournalError?
    /// Whether the recorder still writes commits.
    @exclusivity(unchecked) public private(set) var isRecording = true

    private var observation: AtomObservation?
    private let encoder = JournalValueEncoder()
    private let keyframeInterval: Int
    @exclusivity(unchecked) private var lastCommit = 0

    /// Atoms being recorded, by number, with their current values, kept up to date from
    /// each change set so that a keyframe needs no snapshot of the store. An atom that is
    /// filtered out is never entered, so its number is unknown to every step.
    private let atoms = RecordedAtomTable()
    /// The recorder's name in its store for the slot it keeps in each changed atom's cell.
    private let observerToken: Int
    private var excludedAtoms: Set<Int> = []
    private var definedSubscribers: Set<Int> = []
    private var locationNumbers: [SourceLocation: Int] = [:]
    @exclusivity(unchecked) private var lastLocation: (location: SourceLocation, number: Int)?

    /// The step being built, its values encoded as they are found; emptied for each step,
    /// keeping its lists' capacity.
    private let draft = StepDraftSlot()

    private var edges: Set<JournalEdge> = []
    private var subscriptions: Set<JournalSubscription> = []
    /// `edges` and `subscriptions` sorted for the last keyframe; `nil` once either changed.
    /// A steady app keeps its graph from keyframe to keyframe, and sorting it again cost a
    /// graph of 50 edges about 60 instructions a commit.
    private var sortedEdges: [JournalEdge]?
    private var sortedSubscriptions: [JournalSubscription]?

    /// Starts recording a root's store.
    public convenience init(root: AtomRoot, url: URL, options: JournalRecorderOptions = JournalRecorderOptions()) throws(JournalError) {
        try self.init(store: root.store, url: url, options: options)
    }

    /// Starts recording a store: creates the journal, writes the current state as the first
    /// keyframe, and observes every later commit.
    ///
    /// - Throws: ``JournalError/alreadyExists(path:)`` when a file is at `url` and
    ///   ``JournalRecorderOptions/replaceExisting`` is `false`; ``JournalError/symbolicLink(path:)``
    ///   when `url` is a symbolic link; any other error creating the journal.
    public init(store: AtomStore, url: URL, options: JournalRecorderOptions = JournalRecorderOptions()) throws(JournalError) {
        self.options = options
        keyframeInterval = max(1, options.keyframeInterval)
        stepsUntilKeyframe = keyframeInterval
        var metadata = options.metadata
        metadata[JournalHeader.MetadataKey.keyframeInterval] = String(keyframeInterval)
        writer = try JournalWriter(url: url, metadata: metadata, flushPolicy: options.flushPolicy, replaceExisting: options.replaceExisting)
        observerToken = store.makeObserverToken()
        try recordInitialState(store.snapshot(), commit: store.commitNumber)
        // Unowned, not weak: a weak reference gives the recorder a side table, and from then on
        // every retain and release of it takes the runtime's slow path, at every commit. Safe:
        // the observation is cancelled in `close()` and first thing in `deinit`, and the store
        // never calls a cancelled observer again (`CommitObserverList`), so the closure does not
        // run once the recorder is being destroyed.
        observation = store.observeCommits { [unowned(unsafe) self] commit in
            self.record(commit)
        }
    }

    isolated deinit {
        observation?.cancel()
        // Whatever was buffered reaches the file even if `close()` was never called.
        if !writer.isClosed {
            try? writer.flush()
        }
    }

    /// Writes a user annotation after the last recorded step.
    public func mark(_ label: String) {
        guard isRecording else { return }
        perform { writer throws(JournalError) in
            try writer.append(.mark(JournalMark(commit: lastCommit, time: writer.elapsedMicroseconds(), label: label)))
            try writer.endCommit()
        }
    }

    /// Stops recording and closes the journal cleanly.
    ///
    /// - Throws: the write error that stopped recording earlier, if one did, or one from
    ///   closing.
    public func close() throws(JournalError) {
        observation?.cancel()
        observation = nil
        isRecording = false
        try writer.close()
    }

    // MARK: Recording

    private func record(_ commit: AtomCommit) {
        guard isRecording else {
            droppedSteps += 1
            return
        }
        perform { writer throws(JournalError) in
            lastCommit = commit.number
            try draft.withDraft { step throws(JournalError) in
                try fill(&step, from: commit, writer: writer)
                try writer.appendStep(step)
            }
            stepsUntilKeyframe -= 1
            if stepsUntilKeyframe <= 0 {
                stepsUntilKeyframe = keyframeInterval
                try writeKeyframe(commit: commit.number)
            }
            try writer.endCommit()
            if let limit = options.sizeLimit, writer.bytesWritten >= limit {
                try writer.append(.mark(JournalMark(
                    commit: commit.number, time: writer.elapsedMicroseconds(),
                    label: "recording stopped: the journal reached its size limit of \(limit) bytes"
                )))
                isRecording = false
                try writer.close()
            }
        }
    }

    private func fill(_ step: inout StepDraft, from commit: AtomCommit, writer: JournalWriter) throws(JournalError) {
        step.start(commit: commit.number, time: writer.elapsedMicroseconds(), operation: commit.causeOperation.rawValue)
        step.label = commit.causeLabel
        if let location = commit.causeLocation {
            step.causeLocation = try locationNumber(location)
        }
        // The atoms are read where the store keeps them, by address: no change set, no
        // `AtomInfo` and no boxed value per change. Plain loops: a closure formed here (a
        // buffer pointer's, say) is main-actor isolated and checks the executor at each call.
        // Most commits only update values: their other lists are not read at all.
        let hasMore = commit.hasMoreThanUpdates
        if hasMore {
            for atom in commit.initializedAtoms {
                guard let slot = try recordedSlot(atom, in: commit) else { continue }
                // A value that did not exist before is never a patch: its atom is new to the
                // recorder, with no previous value.
                write(atom, slot: slot, into: &step.initialized, patches: &step.patches)
            }
        }
        try fillUpdated(&step, from: commit)
        if let number = commit.causeAtomNumber, atoms.contains(number) {
            step.causeAtom = number
        }
        if hasMore {
            try fillStructure(&step, from: commit)
        }
    }

    /// The values a commit updated, most of a step's work: a function of its own, so that
    /// its loop is compiled apart from the rest of `fill`, whose size left it short of
    /// registers (each value reloaded the step's entries from the stack).
    private func fillUpdated(_ step: inout StepDraft, from commit: AtomCommit) throws(JournalError) {
        try commit.withUpdatedAtoms { atoms throws(JournalError) in
            var index = 0
            while true {
                index = RecordedScalarLane.writeIntegerWords(of: atoms, from: index, token: observerToken, into: &step.updated)
                guard index < atoms.count else { return }
                let atom = atoms[index]
                index += 1
                let slot: UnsafeMutablePointer<RecordedSlot>
                if let kept = atom.observerState(token: observerToken) {
                    slot = kept.assumingMemoryBound(to: RecordedSlot.self)
                } else {
                    guard let found = try recordedSlot(atom, in: commit) else { continue }
                    atom.keepObserverState(UnsafeMutableRawPointer(found), token: observerToken)
                    slot = found
                }
                write(atom, slot: slot, into: &step.updated, patches: &step.patches)
            }
        }
    }

    /// The rest of a step beside its values: recomputes, edges, subscriptions, releases.
    private func fillStructure(_ step: inout StepDraft, from commit: AtomCommit) throws(JournalError) {
        for atom in commit.recomputedAtoms where atoms.contains(atom.number) {
            step.recomputed.append(atom.number)
        }
        for edge in commit.addedEdges {
            guard let recorded = recorded(upstream: edge.upstreamNumber, downstream: edge.downstreamNumber) else { continue }
            edges.insert(recorded)
            sortedEdges = nil
            step.edgesAdded.append(recorded)
        }
        for edge in commit.removedEdges {
            guard let recorded = recorded(upstream: edge.upstreamNumber, downstream: edge.downstreamNumber) else { continue }
            edges.remove(recorded)
            sortedEdges = nil
            step.edgesRemoved.append(recorded)
        }
        for subscription in commit.addedSubscriptions {
            guard let recorded = try recorded(atom: subscription.atomNumber, subscriber: subscription.subscriberInfo) else { continue }
            subscriptions.insert(recorded)
            sortedSubscriptions = nil
            step.subscriptionsAdded.append(recorded)
        }
        for subscription in commit.removedSubscriptions {
            guard let recorded = try recorded(atom: subscription.atomNumber, subscriber: subscription.subscriberInfo) else { continue }
            subscriptions.remove(recorded)
            sortedSubscriptions = nil
            step.subscriptionsRemoved.append(recorded)
        }
        for atom in commit.releasedAtoms {
            let number = atom.number
            excludedAtoms.remove(number)
            guard atoms.remove(number) else { continue }
            step.released.append(number)
        }
    }

    private func recordInitialState(_ snapshot: Snapshot, commit: Int) throws(JournalError) {
        lastCommit = commit
        // Every atom is new to the recorder, so none is written as a patch.
        var edits = ByteWriter(capacity: 0)
        for entry in snapshot.atoms {
            _ = try define(entry.atom, sample: entry.value)?.write(entry.value, edits: &edits, encoder: encoder)
        }
        for edge in snapshot.edges {
            if let recorded = recorded(upstream: edge.upstream.number, downstream: edge.downstream.number) {
                edges.insert(recorded)
                sortedEdges = nil
            }
        }
        for subscription in snapshot.subscriptions {
            if let recorded = try recorded(atom: subscription.atom.number, subscriber: subscription.subscriber) {
                subscriptions.insert(recorded)
                sortedSubscriptions = nil
            }
        }
        try writeKeyframe(commit: commit)
        try writer.endCommit()
    }

    /// Writes the state as a keyframe. Values last written as patches are encoded whole
    /// here, once per keyframe rather than at every change; those the scalar lane wrote last
    /// go in as it wrote them.
    private func writeKeyframe(commit: Int) throws(JournalError) {
        var entries = EncodedValueEntries()
        atoms.forEach { number, slot in
            if RecordedScalarLane.writeLastValue(in: slot, atom: number, into: &entries) { return }
            entries.append(atom: number, value: slot.pointee.atom?.wholeValue(encoder: encoder) ?? .absent)
        }
        let edgeList = sortedEdges ?? Self.sorted(edges)
        let subscriptionList = sortedSubscriptions ?? Self.sorted(subscriptions)
        sortedEdges = edgeList
        sortedSubscriptions = subscriptionList
        try writer.appendKeyframe(
            commit: commit, time: writer.elapsedMicroseconds(), entries: entries, edges: edgeList, subscriptions: subscriptionList
        )
    }

    // Sorted outside the main actor: a comparison closure formed in main-actor code checks
    // the executor at every comparison.
    private nonisolated static func sorted(_ edges: Set<JournalEdge>) -> [JournalEdge] {
        edges.sorted { ($0.upstream, $0.downstream) < ($1.upstream, $1.downstream) }
    }

    private nonisolated static func sorted(_ subscriptions: Set<JournalSubscription>) -> [JournalSubscription] {
        subscriptions.sorted { ($0.atom, $0.subscriber) < ($1.atom, $1.subscriber) }
    }

    /// The slot of a commit's atom, defining the atom the first time; `nil` when the atom is
    /// not recorded at all.
    @inline(__always)
    private func recordedSlot(_ atom: CommittedAtom, in commit: AtomCommit) throws(JournalError) -> UnsafeMutablePointer<RecordedSlot>? {
        let number = atom.number
        if let slot = atoms.slot(number) { return slot }
        guard try define(commit.info(of: atom), sample: atom.value) != nil else { return nil }
        return atoms.slot(number)
    }

    /// Writes the value a commit gave an atom as its entry: through the scalar lane when it
    /// can, otherwise through the atom's `RecordedAtom`.
    @inline(__always)
    private func write(
        _ atom: CommittedAtom, slot: UnsafeMutablePointer<RecordedSlot>, into entries: inout EncodedValueEntries,
        patches: inout EncodedPatches
    ) {
        if RecordedScalarLane.write(atom, number: atom.number, slot: slot, into: &entries) { return }
        slot.pointee.laneIsLast = false
        slot.pointee.atom?.write(atom, into: &entries, patches: &patches, encoder: encoder)
    }

    /// Writes an atom's definition the first time it is seen; returns what the recorder
    /// keeps of it, or `nil` when the atom is not recorded at all.
    private func define(_ atom: AtomInfo, sample: Any?) throws(JournalError) -> RecordedAtom? {
        if let recorded = atoms[atom.number] { return recorded }
        if excludedAtoms.contains(atom.number) { return nil }
        guard options.records(atom.id) else {
            excludedAtoms.insert(atom.number)
            return nil
        }
        let recorded = RecordedAtom(isSensitive: atom.isSensitive)
        atoms.insert(recorded, lane: RecordedScalarLane(sample: sample, isSensitive: atom.isSensitive), at: atom.number)
        try writer.append(.atomDefinition(JournalAtomDefinition(
            number: atom.number,
            id: atom.id.rawValue,
            kind: atom.kind.rawValue,
            valueType: atom.valueType,
            isRestorable: !atom.isSensitive && JournalValueEncoder.isRestorable(sample),
            isSensitive: atom.isSensitive,
            isKeepAlive: atom.isKeepAlive
        )))
        return recorded
    }

    private func recorded(upstream: Int, downstream: Int) -> JournalEdge? {
        guard atoms.contains(upstream), atoms.contains(downstream) else { return nil }
        return JournalEdge(upstream: upstream, downstream: downstream)
    }

    private func recorded(atom: Int, subscriber: SubscriberInfo) throws(JournalError) -> JournalSubscription? {
        guard atoms.contains(atom) else { return nil }
        if definedSubscribers.insert(subscriber.number).inserted {
            try writer.append(.subscriberDefinition(JournalSubscriberDefinition(
                number: subscriber.number, fileID: subscriber.location.fileID, line: Int(subscriber.location.line),
                name: subscriber.name
            )))
        }
        return JournalSubscription(atom: atom, subscriber: subscriber.number)
    }

    private func locationNumber(_ location: SourceLocation) throws(JournalError) -> Int {
        // An app writes from a few call sites, often the same one many times in a row: a
        // comparison with the last location (a line and, for a literal `#fileID`, one pointer)
        // costs far less than hashing the file name.
        if let last = lastLocation, last.location == location { return last.number }
        if let number = locationNumbers[location] {
            lastLocation = (location, number)
            return number
        }
        let number = locationNumbers.count
        locationNumbers[location] = number
        lastLocation = (location, number)
        try writer.append(.locationDefinition(JournalLocationDefinition(number: number, fileID: location.fileID, line: Int(location.line))))
        return number
    }

    /// Runs a write; an error stops recording instead of reaching the app.
    private func perform(_ body: (JournalWriter) throws(JournalError) -> Void) {
        do {
            try body(writer)
        } catch {
            guard lastError == nil else { return }
            lastError = error
            isRecording = false
            onError?(error)
        }
    }
}
