import Foundation

/// An open journal: its header, its index, and random access to its steps and keyframes.
///
/// ```swift
/// let journal = try Journal(url: url)
/// for index in journal.index.steps.indices {
///     let step = try journal.step(at: index)
///     print(step.commit, step.operation)
/// }
/// ```
public final class Journal {
    /// The reader the journal was opened with.
    public let reader: JournalReader
    /// What the opening scan learned.
    public let index: JournalIndex

    /// Opens a journal, validating every frame and building its index.
    ///
    /// - Parameter progress: told the fraction of the file read so far, from 0 to 1, as the
    ///   scan reads on, for a caller that shows progress on a large file.
    public convenience init(url: URL, progress: ((Double) -> Void)? = nil) throws(JournalError) {
        try self.init(url: url, progress: progress, countingSteps: false)
    }

    /// Opens a journal as ``init(url:progress:)`` does; with `countingSteps`, the opening
    /// scan also counts what each step changed (``JournalIndex/stepCounts``), which
    /// `atomscope stat` reports without reading the steps again, and with `notingSteps`, it
    /// notes them (``notedSteps``), which the timeline indexes without reading them again.
    /// `beforeIndexing` lets a test set how the reader indexes.
    package init(
        url: URL, progress: ((Double) -> Void)? = nil, countingSteps: Bool = false, notingSteps: Bool = false,
        beforeIndexing prepare: (JournalReader) -> Void = { _ in }
    ) throws(JournalError) {
        let reader = try JournalReader(url: url)
        prepare(reader)
        reader.progress = progress.map { report in reader.fractionReporter(report) }
        defer { reader.progress = nil }
        self.reader = reader
        var builder = JournalIndexBuilder(reader: reader, counting: countingSteps, noting: notingSteps)
        index = try JournalIndex(reader: reader, scanningInto: &builder)
        notedSteps = builder.notedSteps()
    }

    /// The timeline's notes of what each step changed, by atom number, when the journal was
    /// opened noting and every step could be noted; not yet checked against the definitions.
    /// Taken once (``takeNotedSteps()``), so that notes that fail the checks are not held.
    package private(set) var notedSteps: NotedSteps?

    /// Hands over ``notedSteps``, which the journal no longer holds.
    package func takeNotedSteps() -> NotedSteps? {
        defer { notedSteps = nil }
        return notedSteps
    }

    /// The journal's header.
    public var header: JournalHeader { reader.header }

    /// The number of steps.
    public var stepCount: Int { index.steps.count }

    /// Decodes the step at a position in ``JournalIndex/steps``.
    public func step(at position: Int) throws(JournalError) -> JournalStep {
        guard index.steps.indices.contains(position) else {
            throw .outOfRange(path: reader.path, what: "step", position: position, count: index.steps.count)
        }
        let entry = index.steps[position]
        guard case .step(let step) = try reader.record(atOffset: entry.offset, known: (entry.commit, entry.time)) else {
            throw .corruptFrame(path: reader.path, offset: entry.offset, reason: "expected a step")
        }
        return step
    }

    /// Skims the step at a position in ``JournalIndex/steps`` into `changes`, checked as
    /// ``step(at:)`` checks it, and returns its operation and label: what a line of `log`
    /// needs, without the step's values made into strings.
    package func skimStep(at position: Int, into changes: JournalStepChanges) throws(JournalError) -> JournalStepText {
        guard index.steps.indices.contains(position) else {
            throw .outOfRange(path: reader.path, what: "step", position: position, count: index.steps.count)
        }
        return try reader.skimStep(atOffset: index.steps[position].offset, into: changes)
    }

    /// Decodes the keyframe at a position in ``JournalIndex/keyframes``.
    public func keyframe(at position: Int) throws(JournalError) -> JournalKeyframe {
        guard index.keyframes.indices.contains(position) else {
            throw .outOfRange(path: reader.path, what: "keyframe", position: position, count: index.keyframes.count)
        }
        let entry = index.keyframes[position]
        guard case .keyframe(let keyframe) = try reader.record(atOffset: entry.offset) else {
            throw .corruptFrame(path: reader.path, offset: entry.offset, reason: "expected a keyframe")
        }
        return keyframe
    }
}
