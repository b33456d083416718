/// What happened to one cached atom when restore offered it an encoded value.
enum ValueRestoreOutcome {
    /// The value was set and equals the one it replaced, so nothing is notified.
    case unchanged
    /// The value was set and differs, so the change propagates.
    case changed
    /// The value was left as it was.
    case skipped(AtomRestoreSkip.Reason)
}
