import Foundation

/// The coders every part of the state file shares, so that a value means the same thing
/// whether it was encoded by the recorder, by an export or by a test.
///
/// Values use Foundation's default strategies (as the journal recorder does); only the
/// output form is fixed: sorted keys so that equal values are equal text and files diff
/// well, and unescaped slashes so that paths and ids stay readable.
enum StateFileCoders {
    static func compactEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func fileEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    static func decoder() -> JSONDecoder {
        JSONDecoder()
    }
}
