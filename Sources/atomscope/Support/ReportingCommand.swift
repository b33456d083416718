import ArgumentParser
import Foundation

/// A subcommand whose failures become one line on stderr and exit status 1, never a stack
/// trace. A usage error found only while it runs (`ValidationError`, such as options that do
/// not apply to the input it read) is handed to ``UsageError`` like one found in parsing:
/// one line, exit status 64.
protocol ReportingCommand: ParsableCommand {
    func execute(console: Console) throws
}

extension ReportingCommand {
    mutating func run() throws {
        let console = Console()
        do {
            try execute(console: console)
        } catch let exit as ExitCode {
            throw exit
        } catch let usage as ValidationError {
            throw UsageError.Late(message: usage.message, commandName: Self.configuration.commandName ?? Self._commandName)
        } catch let error as any Error & CustomStringConvertible {
            console.error(error.description)
            throw ExitCode.failure
        } catch {
            console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
