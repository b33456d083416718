import Foundation
import Testing

/// Expected outputs ("golden files") of the CLI, kept in `Expected/`.
///
/// Each golden output is a Swift file, `Expected/<name>.swift`, that declares
/// `Golden.<name>` as a raw string literal, rather than a plain text file: SwiftPM warns about
/// every non-Swift file in a test target that `Package.swift` does not declare, and a warning
/// fails CI. The literal holds the output without its final newline.
///
/// To rewrite them all after an intended change of output, run
///
///     ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests
///
/// which writes each file from the binary's actual output instead of comparing (the tests
/// pass), then run the tests again without the variable and review `git diff`.
enum Golden {
    static let directory = Repo.url("Tests/AtomScopeCLITests/Expected")

    static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["ATOMSCOPE_UPDATE_GOLDEN"] == "1"
    }

    /// Compares `actual` with `expected` (the literal `Golden.<name>`), or rewrites
    /// `Expected/<name>.swift` when updating. `command` is recorded in the file's comment.
    static func check(
        _ actual: String,
        expected: String,
        name: String,
        command: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if isUpdating {
            try write(actual, name: name, command: command)
            return
        }
        #expect(actual.hasSuffix("\n"), "output of `\(command)` does not end with a newline", sourceLocation: sourceLocation)
        let trimmed = actual.hasSuffix("\n") ? String(actual.dropLast()) : actual
        if trimmed != expected {
            Issue.record(
                Comment(rawValue: "output of `\(command)` differs from Expected/\(name).swift "
                    + "(ATOMSCOPE_UPDATE_GOLDEN=1 rewrites it):\n" + lineDiff(expected: expected, actual: trimmed)),
                sourceLocation: sourceLocation
            )
        }
    }

    /// The first differing lines, for the failure message.
    static func lineDiff(expected: String, actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var report: [String] = []
        for index in 0..<max(old.count, new.count) where report.count < 24 {
            let left = index < old.count ? old[index] : nil
            let right = index < new.count ? new[index] : nil
            if left != right {
                report.append("line \(index + 1):")
                report.append("  expected: \(left.map { "\"\($0)\"" } ?? "(none)")")
                report.append("  actual:   \(right.map { "\"\($0)\"" } ?? "(none)")")
            }
        }
        return report.joined(separator: "\n")
    }

    /// Writes `Expected/<name>.swift` holding `text` (without its final newline).
    static func write(_ text: String, name: String, command: String) throws {
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        for scalar in body.unicodeScalars where scalar.value < 0x20 && scalar != "\n" && scalar != "\t" {
            throw GoldenError.unrepresentable(name: name, scalar: scalar)
        }
        // Enough `#`s that neither the closing delimiter nor an escape occurs in the text.
        var hashes = "#"
        while body.contains("\"\"\"" + hashes) || body.contains("\\" + hashes) {
            hashes += "#"
        }
        let source = """
            // Golden output of `\(command)`, run from the repository root.
            // Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
            extension Golden {
                static let \(name) = \(hashes)\"\"\"

            """ + body + "\n\"\"\"" + hashes + "\n}\n"
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(source.utf8).write(to: directory.appendingPathComponent("\(name).swift"), options: .atomic)
    }
}

enum GoldenError: Error, CustomStringConvertible {
    case unrepresentable(name: String, scalar: Unicode.Scalar)

    var description: String {
        switch self {
        case .unrepresentable(let name, let scalar):
            "golden output \(name) holds control character U+\(String(scalar.value, radix: 16, uppercase: true)), which a string literal cannot hold verbatim"
        }
    }
}
