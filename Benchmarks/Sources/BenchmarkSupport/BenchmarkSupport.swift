// Plumbing the benchmark targets share: custom-metric configurations, loud checks, a
// monotonic timer and temporary directories.

import Benchmark
import Foundation

/// A custom metric whose samples are exported as they were measured.
public func metric(_ name: String, prefersLarger: Bool = false) -> BenchmarkMetric {
    .custom(name, polarity: prefersLarger ? .prefersLarger : .prefersSmaller, useScalingFactor: false)
}

/// A configuration that reports only the given custom metrics.
public func benchmarkConfiguration(
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
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
           file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        fatalError("benchmark check failed: \(message())", file: file, line: line)
    }
}

/// Runs a throwing call whose failure is a failed benchmark.
@inline(__always)
public func must<T, E: Error>(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line,
                       _ body: () throws(E) -> T) -> T {
    do {
        return try body()
    } catch {
        fatalError("benchmark failed: \(what()): \(error)", file: file, line: line)
    }
}

/// Nanoseconds that `body` takes, from the monotonic clock.
@inline(__always)
public func nanoseconds(_ body: () -> Void) -> Int {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    let elapsed = clock.now - start
    return Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000)
}

/// A directory under the system's temporary directory, made for one benchmark process.
public enum TemporaryDirectory {
    public static func make(_ purpose: String) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appending(path: "atoms-bench-\(purpose)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        must("creating \(url.path)") { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        return url
    }

    public static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
