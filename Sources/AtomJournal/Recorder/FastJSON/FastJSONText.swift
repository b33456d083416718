/// Compact, sorted-key JSON for other modules of this package (the CLI's `--json` lines):
/// the bytes `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`, or `nil` when
/// ``FastJSONEncoder`` cannot promise them and the caller should use `JSONEncoder`.
package enum FastJSONText {
    package static func compact<T: Encodable>(_ value: T) -> String? {
        try? FastJSONEncoder.encode(value, using: FastJSONWriter())
    }
}
