// Shared plumbing for the Scope benchmarks (AtomScopeKit: timeline seeks, state diffs,
// rendering through libgvc): configurations, loud checks, a monotonic timer, temporary
// directories, a seeded generator and the process's resident memory.
//
// Every Scope benchmark reports custom metrics that it measures itself, because the plugin
// runs each benchmark in a process of its own: a ratio (in-process / subprocess, Timeline /
// raw journal) is only fair when both sides run in the same process, interleaved in the same
// iterations. Values are plain counts (units `.count`): nanoseconds or bytes, as each
// metric's name says, exported at full precision for scripts/bench.

#if canImport(Glibc)
import Glibc
#endif
import Benchmark
import Foundation

/// A custom metric whose samples are exported as they were measured.
func metric(_ name: String, prefersLarger: Bool = false) -> BenchmarkMetric {
    .custom(name, polarity: prefersLarger ? .prefersLarger : .prefersSmaller, useScalingFactor: false)
}

/// A configuration that reports only the given custom metrics.
func scopeConfiguration(
    _ metrics: [BenchmarkMetric], warmup: Int, iterations: Int,
    setup: Benchmark.BenchmarkSetupHook? = nil, teardown: Benchmark.BenchmarkTeardownHook? = nil
) -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: metrics,
        timeUnits: .nanoseconds,
        units: Dictionary(uniqueKeysWithValues: metrics.map { ($0, BenchmarkUnits.count) }),
        warmupIterations: warmup,
        maxDuration: .seconds(600),
        maxIterations: iterations,
        setup: setup,
        teardown: teardown
    )
}

/// Fails the benchmark run loudly: a fast wrong answer is a failure.
@inline(__always)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
           file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        fatalError("benchmark check failed: \(message())", file: file, line: line)
    }
}

/// Runs a throwing call whose failure is a failed benchmark.
@inline(__always)
func must<T, E: Error>(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line,
                       _ body: () throws(E) -> T) -> T {
    do {
        return try body()
    } catch {
        fatalError("benchmark failed: \(what()): \(error)", file: file, line: line)
    }
}

/// Nanoseconds that `body` takes, from the monotonic clock.
@inline(__always)
func nanoseconds(_ body: () -> Void) -> Int {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    let elapsed = clock.now - start
    return Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000)
}

/// A directory under the system's temporary directory, made for one benchmark process.
enum TemporaryDirectory {
    static func make(_ purpose: String) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appending(path: "atoms-bench-\(purpose)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        must("creating \(url.path)") { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        return url
    }

    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A small deterministic generator (SplitMix64), so that random workloads repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What the process holds in memory right now.
enum ProcessMemory {
    /// Resident set size in bytes, from `/proc/self/statm` (second field, in pages).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
