/// Reads the REPL's input one line at a time.
@MainActor
protocol LineReader {
    /// The next line without its newline, or `nil` at the end of input.
    mutating func readLine(prompt: String) -> String?
}

/// Reads lines from a pipe or file: no prompt, no editing, so that a script can drive the
/// REPL.
struct PlainLineReader: LineReader {
    mutating func readLine(prompt: String) -> String? {
        Swift.readLine(strippingNewline: true)
    }
}
