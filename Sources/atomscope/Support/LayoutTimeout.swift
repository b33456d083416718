import ArgumentParser

/// The `--timeout` of `graph` and `repl`: how long a layout may run in the worker before it
/// is stopped, the same range and words in both.
enum LayoutTimeout {
    /// The default, in seconds.
    static let defaultSeconds: Double = 60

    /// A number of seconds from more than 0 to an hour: NaN, infinity and zero would mean no
    /// deadline or no layout at all.
    static func validate(_ seconds: Double) throws(ValidationError) {
        guard seconds > 0, seconds <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds from more than 0 to 3600")
        }
    }

    /// The deadline, once ``validate(_:)`` accepted `seconds`.
    static func duration(_ seconds: Double) -> Duration {
        .seconds(seconds)
    }
}
