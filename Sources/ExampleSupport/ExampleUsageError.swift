/// A command line an example app cannot use: one line, which the app prints with its usage.
public struct ExampleUsageError: Error, Sendable {
    /// What is wrong, in one line.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    /// The whole number `text`, the word after `option`, when it is at least `minimum`.
    public static func wholeNumber(after option: String, _ text: String?, minimum: Int) throws(ExampleUsageError) -> Int {
        guard let text, let value = Int(text), value >= minimum else {
            throw ExampleUsageError("\(option) needs a whole number of at least \(minimum)")
        }
        return value
    }

    /// `argument`, a word of a command line that takes one journal path, as that path;
    /// `path` is the one seen before, if any.
    public static func journalPath(_ argument: String, after path: String?) throws(ExampleUsageError) -> String {
        guard !argument.hasPrefix("-") else { throw ExampleUsageError("unknown option '\(argument)'") }
        guard path == nil else { throw ExampleUsageError("more than one journal path ('\(path ?? "")' and '\(argument)')") }
        return argument
    }
}
