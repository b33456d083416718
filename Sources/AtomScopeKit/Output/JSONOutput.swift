import AtomJournal
import Foundation

/// The JSON that `--json` prints: sorted keys, no escaped slashes, one document per line
/// for streams and pretty-printed for single documents, so that output is stable across runs
/// and diffs well. The schemas are documented in docs/CLI-JSON.md.
///
/// The text is ready for a terminal as it is: every character that could drive one is written
/// as a JSON `\u` escape, so the CLI prints it without escaping it again.
public enum JSONOutput {
    /// Encodes a document, pretty-printed.
    public static func document<T: Encodable>(_ value: T) -> String {
        encode(value, pretty: true)
    }

    /// Encodes one line of a stream.
    public static func line<T: Encodable>(_ value: T) -> String {
        encode(value, pretty: false)
    }

    private static func encode<T: Encodable>(_ value: T, pretty: Bool) -> String {
        // A line of a stream goes through the recorder's encoder, which writes the same bytes
        // as the one below in a fraction of the time (most of `log --json` on a large journal
        // was JSONEncoder), or declines.
        if !pretty, let text = FastJSONText.compact(value) {
            return escapingTerminalControls(text)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else {
            return "null"
        }
        return escapingTerminalControls(text)
    }

    /// The encoder escapes C0 controls but leaves DEL, C1 controls and bidirectional
    /// overrides raw. They can only stand inside JSON strings, so writing them as `\u` escapes
    /// keeps the JSON exactly equal while no raw control reaches a terminal.
    package static func escapingTerminalControls(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: TerminalText.isDangerous) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in scalars {
            if TerminalText.isDangerous(scalar), scalar != "\n" {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
