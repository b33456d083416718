/// Colours for terminal output, or none: tools pass `colored: false` when stdout is not a
/// terminal, so that pipes and files get plain text.
public struct TextStyle: Sendable {
    /// Whether ANSI colours are emitted.
    public let colored: Bool

    /// Creates a style.
    public init(colored: Bool) {
        self.colored = colored
    }

    /// Bold text.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dimmed text, for secondary details.
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// Green, for additions and good news.
    public func green(_ text: String) -> String { wrap(text, "32") }
    /// Red, for removals and damage.
    public func red(_ text: String) -> String { wrap(text, "31") }
    /// Yellow, for changes and warnings.
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    /// Cyan, for atom ids.
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
