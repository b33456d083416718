import AtomJournal
import Foundation
import SystemPackage

extension Timeline {
    /// The header metadata key a cut journal records the step it was cut at under.
    public static let cutMetadataKey = "cut-at-step"

    /// Writes a new journal that ends after a step: the state before the first step as a
    /// keyframe, steps 1 through `step` with the keyframes and marks among them, and a clean
    /// close, each record preceded by the definitions it is the first to refer to, as the
    /// recorder writes them. Reading it gives the same states for steps 0 through `step` as
    /// this journal.
    ///
    /// The header keeps this journal's metadata (so times keep their start) and adds
    /// ``cutMetadataKey``. The file is written under a random name beside `url`, mode 0600
    /// from the start, and renamed over it at the end, so `url` is never half written, and may
    /// even be this journal's own path.
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless
    ///   `0 <= step <= stepCount`, or ``AtomScopeError/cannotWrite(path:reason:)``.
    /// - Complexity: one pass, decoding each kept step and keyframe once.
    public func writeJournal(upTo step: Int, to url: URL) throws(AtomScopeError) {
        guard stateRange.contains(step) else {
            throw .stepOutOfRange(path: path, step: step, valid: stateRange)
        }
        let initial = try seek(to: 0, keep: false).keyframe()
        let index = journal.index

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
            // Each definition goes just before the first record that refers to it: writing
            // them all first would need a pass over the steps and keyframes to find them, and
            // so decode each twice.
            var definitions = CutDefinitions(index: index)
            func append(_ record: JournalRecord) throws(JournalError) {
                for definition in definitions.firstUses(in: record) {
                    try writer.append(definition)
                }
                try writer.append(record)
            }
            try append(.keyframe(initial))

            // Keyframes and marks follow the step they come after, as the recorder writes them.
            var keyframePosition = index.keyframes.firstIndex { $0.stepCount > 0 } ?? index.keyframes.count
            var markPosition = 0
            for number in 0...step {
                if number > 0 {
                    try append(.step(journal.step(at: number - 1)))
                    while keyframePosition < index.keyframes.count, index.keyframes[keyframePosition].stepCount == number {
                        try append(.keyframe(journal.keyframe(at: keyframePosition)))
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
}
