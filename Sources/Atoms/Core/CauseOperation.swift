/// The operation of a cause the store itself starts, as one byte.
///
/// A transaction's cause is made, moved into the log and dropped at every write. With the
/// operation's name (a `String` in ``AtomOperation``) in it, that retained and released the
/// name each time through the cause's value witnesses; a byte is copied as it is.
enum CauseOperation: UInt8, Sendable {
    case set, modify, reset, refresh, restore, watch, unwatch, read, batch
    case taskFinished, taskFailed, sequenceElement, sequenceFailed
    case publisherValue, publisherFailed, objectChanged, scopeEnded

    /// The public operation this byte stands for.
    var operation: AtomOperation {
        switch self {
        case .set: .set
        case .modify: .modify
        case .reset: .reset
        case .refresh: .refresh
        case .restore: .restore
        case .watch: .watch
        case .unwatch: .unwatch
        case .read: .read
        case .batch: .batch
        case .taskFinished: .taskFinished
        case .taskFailed: .taskFailed
        case .sequenceElement: .sequenceElement
        case .sequenceFailed: .sequenceFailed
        case .publisherValue: .publisherValue
        case .publisherFailed: .publisherFailed
        case .objectChanged: .objectChanged
        case .scopeEnded: .scopeEnded
        }
    }
}
