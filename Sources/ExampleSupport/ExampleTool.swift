import AtomJournal
import Foundation

/// The command-line plumbing the example apps share: a one-line failure on standard error, the
/// optional `JOURNAL` argument, and closing the recorder at the end of a session.
///
/// Example code, not part of the libraries: it exits the process.
public struct ExampleTool: Sendable {
    /// The program's name, which starts every failure message.
    public let name: String

    /// Creates the plumbing for the program called `name`.
    public init(name: String) {
        self.name = name
    }

    /// Writes `name: message` to standard error and exits with `status`.
    public func fail(_ message: String, status: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
        exit(status)
    }

    /// The journal path of a command line that takes at most one, `[JOURNAL]`: prints `usage`
    /// and exits for `-h` or `--help`, fails with status 2 on anything else.
    public func journalPath(from arguments: [String], usage: String) -> String? {
        exitOnHelp(arguments, usage: usage)
        if arguments.count > 1 || arguments.first?.hasPrefix("-") == true {
            fail(usage, status: 2)
        }
        return arguments.first
    }

    /// The options of a command line (the arguments after the program's name), made by
    /// `parse`: prints `usage` and exits for `-h` or `--help`, fails with status 2, the error
    /// and `usage` when `parse` throws.
    public func options<Options>(from arguments: [String], usage: String, _ parse: ([String]) throws(ExampleUsageError) -> Options) -> Options {
        exitOnHelp(arguments, usage: usage)
        do throws(ExampleUsageError) {
            return try parse(arguments)
        } catch {
            fail("\(error.message)\n\(usage)", status: 2)
        }
    }

    private func exitOnHelp(_ arguments: [String], usage: String) {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(usage)
            exit(0)
        }
    }

    /// Closes `recorder`; fails if closing fails or if recording had stopped early.
    @MainActor
    public func close(_ recorder: JournalRecorder) {
        do {
            try recorder.close()
        } catch {
            fail("\(error)")
        }
        if let error = recorder.lastError {
            fail("recording stopped early: \(error)")
        }
    }
}
