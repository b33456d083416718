// Shared plumbing for the journal benchmarks: configurations, loud checks, timing, and
// temporary directories that are removed when a benchmark ends.
//
// Every journal benchmark reports custom metrics that it measures itself with a monotonic
// clock, because the plugin runs each benchmark in a process of its own: a ratio (recording
// on / off, index / read) is only fair when both sides run in the same process, interleaved
// in the same iterations. The values are plain counts (units `.count`), so the exported
// samples keep full precision (nanoseconds, bytes or steps per second, as each name says).

import Benchmark
import BenchmarkSupport
import Foundation


/// The size of a file, checked to exist.
func fileSize(_ url: URL) -> Int {
    let attributes = must("stat \(url.path)") { try FileManager.default.attributesOfItem(atPath: url.path) }
    return (attributes[.size] as? NSNumber)?.intValue ?? -1
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

/// Carries a non-Sendable value across the hop to the main actor. The benchmark runner
/// waits for the hop to finish, so there is never concurrent access.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}
