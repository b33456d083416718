// Runs a program as a child process, as a user's shell would, for the benchmarks that time
// whole commands (Graphviz's binaries, `atomscope` itself): standard input written from a
// buffer, standard output and error read to their ends on their own threads so that no pipe
// fills and blocks the child.

import BenchmarkSupport
import Foundation

enum ChildRun {
    struct Result {
        var status: Int32
        var output: Data
        var errors: Data
    }

    /// Runs `executable` with `arguments` and `input` on its standard input; waits for it.
    static func run(_ executable: URL, _ arguments: [String], input: Data = Data()) -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        must("running \(executable.path)") { try process.run() }
        let writer = stdin.fileHandleForWriting
        let reader = stderr.fileHandleForReading
        let done = DispatchGroup()
        nonisolated(unsafe) var errors = Data()
        DispatchQueue.global().async(group: done) {
            writer.write(input)
            try? writer.close()
        }
        DispatchQueue.global().async(group: done) {
            errors = reader.readDataToEndOfFile()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: output, errors: errors)
    }

    /// The program called `name` on PATH.
    static func onPath(_ name: String) -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(filePath: String(directory)).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("benchmark failed: no `\(name)` on PATH (Debian: apt-get install graphviz)")
    }
}
