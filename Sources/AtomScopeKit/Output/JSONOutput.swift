import Foundation

/// The JSON that `--json` prints: sorted keys, no escaped slashes, one document per line
/// for streams and pretty-printed for single documents, so that output is stable across runs
/// and diffs well. The schemas are documented in docs/CLI-JSON.md.
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else {
            return "null"
        }
        return text
    }
}
