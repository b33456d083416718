import AtomJournal
import AtomScopeKit
import CStandardOutput
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the CLI's output goes: text and bytes to stdout, errors to stderr, colour only
/// when stdout is a terminal.
struct Console {
    let style: TextStyle

    init() {
        style = TextStyle(colored: isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
    }

    /// Prints text, with every character that could drive the terminal escaped (names and
    /// values come from journals written elsewhere); only this console's own colours pass.
    func print(_ text: String) {
        Self.writeLine(TerminalText.escaped(text, allowingStyle: style.colored))
    }

    /// Prints a line put together as bytes: written as they are when nothing in them could
    /// drive the terminal, else as ``print(_:)-(String)`` prints its text.
    func print(_ line: LineBytes) {
        let written = line.withBytes { bytes in
            guard TerminalText.hasNoDangerousBytes(bytes) else { return false }
            Self.writeLine(bytes)
            return true
        }
        if !written { print(line.text) }
    }

    /// Writes a line to stdout as `Swift.print` does, through the C library's buffer, without
    /// its boxing of the text into `Any`: `log` writes a million lines on a large journal.
    private static func writeLine(_ line: String) {
        var line = line
        line.withUTF8 { writeLine($0) }
    }

    private static func writeLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        bytes.withMemoryRebound(to: CChar.self) { characters in
            atomscope_write_line(characters.baseAddress, characters.count)
        }
    }

    // `--json` output is printed as JSONOutput writes it, not through `print(_:)`: JSONOutput
    // already writes every character that could drive the terminal as a JSON `\u` escape,
    // and the text escape would write one as `\u{1b}`, which is not JSON. One layer escapes,
    // so the JSON stays exact.

    /// Prints a `--json` document, pretty-printed.
    func print(json document: some Encodable) {
        Swift.print(JSONOutput.document(document))
    }

    /// Prints one line of a `--json` stream.
    func print(jsonLine value: some Encodable) {
        Self.writeLine(JSONOutput.line(value))
    }

    /// Writes a document (DOT, SVG) to stdout: byte for byte to a pipe or a file, where it is
    /// kept, and on a terminal as text with every character that could drive the terminal
    /// escaped (`\u{9b}`), since names in it come from journals or DOT written elsewhere.
    func write(text bytes: Data) {
        if Self.stdoutIsTerminal {
            FileHandle.standardOutput.write(Data(TerminalText.escaped(String(decoding: bytes, as: UTF8.self), allowingStyle: false).utf8))
        } else {
            FileHandle.standardOutput.write(bytes)
        }
    }

    /// Writes a JSON document (a state file) to stdout: byte for byte to a pipe or a file, and
    /// on a terminal with DEL, C1 controls and bidi overrides as JSON `\u` escapes, which keep
    /// it the same JSON (they can only stand inside its strings).
    func write(json bytes: Data) {
        if Self.stdoutIsTerminal {
            FileHandle.standardOutput.write(Data(JSONOutput.escapingTerminalControls(String(decoding: bytes, as: UTF8.self)).utf8))
        } else {
            FileHandle.standardOutput.write(bytes)
        }
    }

    /// Writes binary output (PNG, PDF) to stdout, which must not be a terminal: check
    /// ``refuseBinaryOnTerminal(_:)`` before doing the work.
    func write(binary bytes: Data) {
        FileHandle.standardOutput.write(bytes)
    }

    /// Throws when binary output would go to a terminal, where its bytes would be read as
    /// control sequences; a pipe or a file takes it.
    func refuseBinaryOnTerminal(_ format: GraphFormat) throws(AtomScopeError) {
        if !format.isText, Self.stdoutIsTerminal {
            throw .binaryOutputToTerminal(format: format.displayName)
        }
    }

    func error(_ message: String) {
        FileHandle.standardError.write(Data("atomscope: \(TerminalText.escaped(message, allowingStyle: false))\n".utf8))
    }

    /// Opens a journal for a reading command, and says once on stderr when it ends in a torn
    /// tail. `shownPath` is how the user named it (a journal from stdin has a temporary path).
    func openTimeline(_ path: String, shownPath: String? = nil) throws -> Timeline {
        let progress = ProgressLine.onTerminal("opening \(URL(fileURLWithPath: shownPath ?? path).lastPathComponent)")
        defer { progress?.finish() }
        let timeline = try Timeline(url: URL(fileURLWithPath: path), progress: progress.map { line in { line.update($0) } })
        progress?.finish()
        // A journal shown by another name (standard input) has no file a repair could cut.
        noteDamage(path: shownPath ?? path, ending: timeline.ending, repairable: shownPath == nil)
        return timeline
    }

    /// Says once on stderr that a journal ends in a torn tail; nothing for a whole one.
    func noteDamage(path: String, ending: JournalEnding, repairable: Bool = true) {
        if let notice = DamageNotice.text(path: path, ending: ending, repairable: repairable) {
            FileHandle.standardError.write(Data("atomscope: note: \(TerminalText.escaped(notice, allowingStyle: false))\n".utf8))
        }
    }

    /// Whether stdin is a terminal (the REPL edits lines only then).
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Whether stdout is a terminal (documents written there are escaped then).
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
