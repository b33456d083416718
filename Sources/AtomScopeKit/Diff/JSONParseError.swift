/// Why text is not JSON: where (a byte offset into its UTF-8) and what was wrong.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The UTF-8 byte offset where the problem was found.
    public var offset: Int
    /// What was wrong.
    public var reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
