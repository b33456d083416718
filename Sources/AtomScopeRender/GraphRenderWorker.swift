import AtomScopeKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker side of ``GraphRenderer/renderIsolated(dot:format:layout:timeout:executable:textEscaping:waiting:)``:
/// what the hidden `atomscope __render-worker` subcommand runs.
///
/// Invocation: `atomscope __render-worker FORMAT [LAYOUT]`, where `FORMAT` is a
/// ``GraphFormat`` name and `LAYOUT` a ``GraphLayout`` name or `auto` (the default). The DOT
/// text is read from stdin; the rendered bytes go to stdout; stderr carries one line per
/// warning and, on failure, one error line (a small line protocol the parent decodes back
/// into ``GraphRenderError``). Exit status 0 on success, 1 when rendering failed, 2 for bad
/// arguments.
public enum GraphRenderWorker {
    /// The hidden subcommand's name.
    public static let commandName = "__render-worker"

    /// The most address space the worker may map beyond what it has mapped when it starts:
    /// Graphviz asked for a huge bitmap or layout fails its allocation here instead of taking
    /// the machine's memory (a 45-byte DOT asking for a 2,000 dpi page did). Large journal
    /// graphs lay out in far less. Counted from the start, because a runtime such as a
    /// sanitizer's may reserve terabytes of address space before `main`.
    public static let addressSpaceLimit = 2 << 30
    /// The most CPU time the worker may use, besides the parent's deadline: a worker that
    /// outlives its parent still stops.
    public static let cpuSecondsLimit = 120
    /// The most DOT the worker reads.
    public static let inputLimit = 64 << 20

    /// Runs the worker on the process's standard streams and exits with its status, under
    /// ``addressSpaceLimit`` and ``cpuSecondsLimit``, which it sets on itself first
    /// (`posix_spawn` has no hook to set them between fork and exec).
    ///
    /// `arguments` are those after the subcommand name, e.g.
    /// `Array(CommandLine.arguments.dropFirst(2))`.
    public static func main(arguments: [String]) -> Never {
        limitResources()
        let status = run(
            arguments: arguments,
            input: .standardInput,
            output: .standardOutput,
            diagnostics: .standardError
        )
        exit(status)
    }

    /// The worker itself, on any streams (tests call it in-process). Returns the exit status.
    public static func run(arguments: [String], input: FileHandle, output: FileHandle, diagnostics: FileHandle) -> Int32 {
        func report(_ text: String) {
            try? diagnostics.write(contentsOf: Data(text.utf8))
        }

        let format: GraphFormat
        let layout: GraphLayout?
        do throws(GraphRenderError) {
            guard (1...2).contains(arguments.count) else {
                report(WorkerProtocol.errorLine(.workerFailed(status: WorkerProtocol.usageFailure, message: "usage: \(commandName) FORMAT [LAYOUT|auto]")))
                return WorkerProtocol.usageFailure
            }
            format = try GraphFormat(name: arguments[0])
            layout = arguments.count == 2 && arguments[1] != "auto" ? try GraphLayout(name: arguments[1]) : nil
        } catch {
            report(WorkerProtocol.errorLine(error))
            return WorkerProtocol.usageFailure
        }

        let dot: Data
        do {
            dot = try input.read(upToCount: inputLimit + 1) ?? Data()
            guard dot.count <= inputLimit else {
                report(WorkerProtocol.errorLine(.invalidDOT(message: "the DOT text is over \(inputLimit >> 20) MiB")))
                return WorkerProtocol.renderFailure
            }
        } catch {
            report(WorkerProtocol.errorLine(.invalidDOT(message: "cannot read the DOT text: \(error)")))
            return WorkerProtocol.renderFailure
        }

        do throws(GraphRenderError) {
            let rendered = try GraphvizSession.shared.render(dot: dot, format: format, layout: layout)
            report(WorkerProtocol.layoutLine(rendered.layout))
            for warning in rendered.warnings { report(WorkerProtocol.warningLine(warning)) }
            try? output.write(contentsOf: rendered.data)
            return WorkerProtocol.success
        } catch {
            report(WorkerProtocol.errorLine(error))
            return WorkerProtocol.renderFailure
        }
    }

    private static func limitResources() {
        #if os(Linux)
        let (total, overflow) = mappedBytes().addingReportingOverflow(addressSpaceLimit)
        let bytes = overflow ? Int.max : total
        var memory = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
        var cpu = rlimit(rlim_cur: rlim_t(cpuSecondsLimit), rlim_max: rlim_t(cpuSecondsLimit + 5))
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
        #else
        var memory = rlimit(rlim_cur: rlim_t(addressSpaceLimit), rlim_max: rlim_t(addressSpaceLimit))
        _ = setrlimit(RLIMIT_AS, &memory)
        var cpu = rlimit(rlim_cur: rlim_t(cpuSecondsLimit), rlim_max: rlim_t(cpuSecondsLimit + 5))
        _ = setrlimit(RLIMIT_CPU, &cpu)
        #endif
    }

    /// The address space the process has mapped, from `/proc/self/statm` (its first field, in
    /// pages); 0 when it cannot be read.
    private static func mappedBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").first.flatMap({ Int($0) }) else { return 0 }
        let (bytes, overflow) = pages.multipliedReportingOverflow(by: Int(sysconf(Int32(_SC_PAGESIZE))))
        return overflow ? Int.max : bytes
    }

    /// The absolute path of the running executable (`/proc/self/exe` on Linux), the default
    /// worker of ``GraphRenderer/renderIsolated(dot:format:layout:timeout:executable:textEscaping:waiting:)``.
    public static func currentExecutable() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #endif
        return Bundle.main.executablePath
    }
}
