/// The recorder's step draft, kept in one place from commit to commit and filled there.
///
/// Moved into a local for each commit instead (so that filling it paid no exclusivity check
/// per change), the draft cost a fresh empty draft, an outlined copy and two destructions of
/// its fifteen lists: about 1,600 instructions a commit. Here it is lent by address.
///
/// `@exclusivity(unchecked)` is safe because `isLent` makes the loans exclusive: a commit
/// recorded while another is being filled (the recorder's observer reached again from user
/// code that the recorder calls, such as an id filter that writes to the store) is filled in
/// a fresh draft of its own, and the lent draft is touched only through the one open loan.
@MainActor
final class StepDraftSlot {
    @exclusivity(unchecked) private var draft = StepDraft()
    @exclusivity(unchecked) private var isLent = false

    /// Calls `body` with the draft, or with a fresh one while the draft is lent.
    func withDraft(_ body: (inout StepDraft) throws(JournalError) -> Void) throws(JournalError) {
        if isLent {
            var fresh = StepDraft()
            return try body(&fresh)
        }
        isLent = true
        defer { isLent = false }
        try body(&draft)
    }
}
