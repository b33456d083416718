import ArgumentParser
import Foundation

/// A subcommand whose failures become one line on stderr and exit status 1, never a stack
/// trace. Usage errors stay ArgumentParser's (with the usage text).
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
        } catch let error as any Error & CustomStringConvertible {
            console.error(error.description)
            throw ExitCode.failure
        } catch {
            console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
