/// When a journal writer moves buffered records into the file.
///
/// A record that reached the file (the kernel's page cache, through `write(2)`) survives the
/// app crashing, calling `exit`, or being killed with `kill -9`; only `fsync` makes it survive
/// the machine losing power.
public enum JournalFlushPolicy: Sendable, Equatable {
    /// Write only when the buffer is full and at close. The cheapest; the app's death loses
    /// what is still buffered.
    case never
    /// Write at the first commit boundary at least this long after the last write, and sync
    /// at close. The app's death loses the commits of the last interval.
    case interval(Duration)
    /// Write each commit's records with `write(2)` before the commit returns to the app, so
    /// that no committed step is lost when the app dies; no `fsync`. The default.
    case writeEachCommit
    /// Write and `fsync` each commit's records before the commit returns: no committed step
    /// is lost even when the machine loses power, at the cost of a disk flush per commit.
    case syncEachCommit

    /// The old name of ``syncEachCommit``.
    @available(*, deprecated, renamed: "syncEachCommit")
    public static var everyCommit: JournalFlushPolicy { .syncEachCommit }
}
