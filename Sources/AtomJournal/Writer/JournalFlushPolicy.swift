/// When a journal writer moves buffered records into the file.
///
/// A record that reached the file survives the app crashing or being killed; only `fsync`
/// makes it survive the machine losing power.
public enum JournalFlushPolicy: Sendable, Equatable {
    /// Write only when the buffer is full and at close. The cheapest; a crash loses what is
    /// still buffered.
    case never
    /// Write at the first commit boundary at least this long after the last write, and sync
    /// at close. An idle app's last steps reach the file at its next commit or at close.
    case interval(Duration)
    /// Write and `fsync` at every commit boundary: no committed step is ever lost.
    case everyCommit
}
