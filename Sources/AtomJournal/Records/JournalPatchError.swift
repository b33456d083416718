/// A patch that does not fit the value it applies to: the journal is not what a recorder
/// writes.
public struct JournalPatchError: Error, Equatable, CustomStringConvertible {
    /// What did not fit, such as `patch of atom 3 replaces element 9 of an array of 2`.
    public let reason: String

    /// Creates an error.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
