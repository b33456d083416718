import ArgumentParser
import Foundation

/// How `atomscope` ends when parsing or validating its arguments fails.
///
/// ArgumentParser prints such an error over several lines (`Error: …`, the option's help,
/// the usage, a pointer to `--help`). Every other `atomscope` error is one line on stderr
/// that starts with `atomscope: `, and scripts and users rely on that shape, so a usage
/// error becomes one such line too: the message, then where to read more. Help, `--version`
/// and failures a command has already reported keep ArgumentParser's own handling.
enum UsageError {
    static func exit(_ error: any Error) -> Never {
        let code = AtomScopeCommand.exitCode(for: error)
        if code == .success || error is ExitCode {
            AtomScopeCommand.exit(withError: error)
        }
        let line = oneLine(
            message: AtomScopeCommand.message(for: error),
            fullMessage: AtomScopeCommand.fullMessage(for: error, columns: 10_000)
        )
        FileHandle.standardError.write(Data("atomscope: \(line)\n".utf8))
        Foundation.exit(code.rawValue)
    }

    /// The message's first line, lower-cased like the rest of atomscope's errors, and the
    /// `--help` to read, taken from ArgumentParser's full text so that it names the
    /// subcommand that failed.
    static func oneLine(message: String, fullMessage: String) -> String {
        var text = message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "invalid arguments"
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        text = text.trimmingCharacters(in: .whitespaces)
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
            text = first.lowercased() + text.dropFirst()
        }
        if let help = helpCommand(in: fullMessage) {
            text += "; see `\(help)`"
        }
        return text
    }

    /// `atomscope replay --help` from ArgumentParser's "See 'atomscope replay --help' for more
    /// information."
    private static func helpCommand(in fullMessage: String) -> String? {
        for line in fullMessage.split(separator: "\n") {
            guard let start = line.range(of: "See '"), let end = line[start.upperBound...].firstIndex(of: "'") else { continue }
            return String(line[start.upperBound..<end])
        }
        return nil
    }
}
