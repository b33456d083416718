import ArgumentParser
import AtomScopeKit
import Foundation

/// How `atomscope` ends when parsing or validating its arguments fails.
///
/// ArgumentParser prints such an error over several lines (`Error: …`, the option's help,
/// the usage, a pointer to `--help`). Every other `atomscope` error is one line on stderr
/// that starts with `atomscope: `, and scripts and users rely on that shape, so a usage
/// error becomes one such line too: the message, then where to read more. Help, `--version`
/// and failures a command has already reported keep ArgumentParser's own handling.
enum UsageError {
    /// A usage error a command found only while running, after parsing: which subcommand
    /// it was is known here, not to ArgumentParser.
    struct Late: Error {
        var message: String
        var commandName: String
    }

    static func exit(_ error: any Error) -> Never {
        if let late = error as? Late {
            write(oneLine(message: late.message, fullMessage: "See 'atomscope \(late.commandName) --help' for more information."))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        let code = AtomScopeCommand.exitCode(for: error)
        if code == .success || error is ExitCode {
            AtomScopeCommand.exit(withError: error)
        }
        write(oneLine(
            message: AtomScopeCommand.message(for: error),
            fullMessage: AtomScopeCommand.fullMessage(for: error, columns: 10_000)
        ))
        Foundation.exit(code.rawValue)
    }

    /// The line on stderr, escaped as every error is: a usage error quotes what was typed,
    /// and an argument can hold any character.
    private static func write(_ line: String) {
        FileHandle.standardError.write(Data("atomscope: \(TerminalText.escaped(line, allowingStyle: false))\n".utf8))
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
