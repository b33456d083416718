@testable import AtomJournal
import Foundation
import Testing

/// What `JSONEncoder` writes with the journal's settings.
func referenceJSON<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// What the fast encoder writes, or nil when it declines.
func fastJSON<T: Encodable>(_ value: T) -> String? {
    try? FastJSONEncoder.encode(value, using: FastJSONWriter())
}

/// Checks the fast encoder against `JSONEncoder`: equal bytes, or a decline after which the
/// journal's encoder still writes `JSONEncoder`'s bytes. Returns whether the fast path accepted.
@discardableResult
func expectMatchesJSONEncoder<T: Encodable>(
    _ value: T, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Bool {
    let reference = try referenceJSON(value)
    let journal = JournalValueEncoder().encode(value, isSensitive: false)
    if let fast = fastJSON(value) {
        #expect(Array(fast.utf8) == Array(reference.utf8), sourceLocation: sourceLocation)
        #expect(journal == .json(reference), sourceLocation: sourceLocation)
        return true
    }
    if !(value is Int || value is Bool || value is String) {
        #expect(journal == .json(reference), sourceLocation: sourceLocation)
    }
    return false
}
