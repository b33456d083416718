/// The words of a step that a line of `log` prints besides its atoms: its operation and its
/// label. With a skim of the step (``Journal/skimStep(at:into:)``), they are all `log` needs,
/// without the values that decoding makes into strings.
package struct JournalStepText: Equatable, Sendable {
    /// The operation that started the transaction.
    package var operation: String
    /// The name given to a batch.
    package var label: String?
}

extension ByteReader {
    /// The operation and label of a step payload, read from its start, with the checks
    /// decoding makes on those fields; the rest is the skim's.
    mutating func stepText() throws(PayloadError) -> JournalStepText {
        _ = try signed()
        _ = try signed()
        let operation = try operation()
        _ = try number()
        _ = try number()
        let flags = try u8()
        return JournalStepText(operation: operation, label: flags & StepSection.label != 0 ? try string() : nil)
    }
}
