import AtomJournal
import Foundation
import SystemPackage

extension Timeline {
    /// The header metadata key a cut journal records the step it was cut at under.
    public static let cutMetadataKey = "cut-at-step"

    /// Writes a new journal that ends after a step: the definitions its records refer to,
    /// the state before the first step as a keyframe, steps 1 through `step` with the
    /// keyframes and marks among them, and a clean close. Reading it gives the same states
    /// for steps 0 through `step` as this journal.
    ///
    /// The header keeps this journal's metadata (so times keep their start) and adds
    /// ``cutMetadataKey``. The file is written under a random name beside `url`, mode 0600
    /// from the start, and renamed over it at the end, so `url` is never half written, and may
    /// even be this journal's own path.
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless
    ///   `0 <= step <= stepCount`, or ``AtomScopeError/cannotWrite(path:reason:)``.
    public func writeJournal(upTo step: Int, to url: URL) throws(AtomScopeError) {
        guard stateRange.contains(step) else {
            throw .stepOutOfRange(path: path, step: step, valid: stateRange)
        }
        let initial = try seek(to: 0, keep: false).keyframe()
        let index = journal.index

        // First pass: what the records refer to, so that only those definitions are written.
        var atoms = Set(initial.atoms.map(\.atom))
        var subscribers = Set<Int>()
        var locations = Set<Int>()
        func refer(to edges: [JournalEdge]) {
            for edge in edges {
                atoms.insert(edge.upstream)
                atoms.insert(edge.downstream)
            }
        }
        func refer(to subscriptions: [JournalSubscription]) {
            for subscription in subscriptions {
                atoms.insert(subscription.atom)
                subscribers.insert(subscription.subscriber)
            }
        }
        refer(to: initial.edges)
        refer(to: initial.subscriptions)
        if step > 0 {
            for number in 1...step {
                let record = try journalStep(number)
                atoms.formUnion(record.initialized.map(\.atom))
                atoms.formUnion(record.updated.map(\.atom))
                atoms.formUnion(record.released)
                atoms.formUnion(record.recomputed)
                if let cause = record.causeAtom { atoms.insert(cause) }
                if let location = record.causeLocation { locations.insert(location) }
                refer(to: record.edgesAdded)
                refer(to: record.edgesRemoved)
                refer(to: record.subscriptionsAdded)
                refer(to: record.subscriptionsRemoved)
            }
            // Keyframes copied into the cut refer to atoms and subscribers too.
            for position in index.keyframes.indices where (1...step).contains(index.keyframes[position].stepCount) {
                let keyframe = try self.keyframe(at: position)
                atoms.formUnion(keyframe.atoms.map(\.atom))
                refer(to: keyframe.edges)
                refer(to: keyframe.subscriptions)
            }
        }

        // A new file under a random name, mode 0600 from the start, renamed over `url` once
        // complete: `url` is never half written, and may even be this journal's own path.
        let file: AtomicFile
        do {
            file = try AtomicFile(beside: url.path, permissions: .ownerReadWrite)
        } catch {
            throw .cannotWrite(path: url.relativePath, reason: error.reason)
        }
        var metadata = header.metadata
        metadata[Self.cutMetadataKey] = String(step)
        do {
            let writer = try JournalWriter(adopting: file.releaseDescriptor(), path: url.relativePath, metadata: metadata, flushPolicy: .never)
            for number in atoms.sorted() {
                if let definition = index.atoms[number] { try writer.append(.atomDefinition(definition)) }
            }
            for number in subscribers.sorted() {
                if let definition = index.subscribers[number] { try writer.append(.subscriberDefinition(definition)) }
            }
            for number in locations.sorted() {
                if let definition = index.locations[number] { try writer.append(.locationDefinition(definition)) }
            }
            try writer.append(.keyframe(initial))

            // Keyframes and marks follow the step they come after, as the recorder writes them.
            var keyframePosition = index.keyframes.firstIndex { $0.stepCount > 0 } ?? index.keyframes.count
            var markPosition = 0
            for number in 0...step {
                if number > 0 {
                    try writer.append(.step(journal.step(at: number - 1)))
                    while keyframePosition < index.keyframes.count, index.keyframes[keyframePosition].stepCount == number {
                        try writer.append(.keyframe(journal.keyframe(at: keyframePosition)))
                        keyframePosition += 1
                    }
                }
                while markPosition < index.marks.count, index.marks[markPosition].stepCount == number {
                    try writer.append(.mark(index.marks[markPosition].mark))
                    markPosition += 1
                }
            }
            // Closing syncs the data, so the rename below only needs to be made durable.
            try writer.close()
        } catch {
            throw Self.writeError(error, url: url)
        }
        do {
            try file.commit(durable: true)
        } catch {
            throw .cannotWrite(path: url.relativePath, reason: error.reason)
        }
    }

    /// Errors writing are reported against the file the user named.
    private static func writeError(_ error: JournalError, url: URL) -> AtomScopeError {
        switch error {
        case .cannotOpen(_, let reason), .writeFailed(_, let reason):
            .cannotWrite(path: url.relativePath, reason: reason)
        default:
            AtomScopeError(error)
        }
    }

    /// A keyframe by its position in the index.
    private func keyframe(at position: Int) throws(AtomScopeError) -> JournalKeyframe {
        do {
            return try journal.keyframe(at: position)
        } catch {
            throw AtomScopeError(error)
        }
    }
}
