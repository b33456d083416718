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
import BenchmarkSupport
import Foundation


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
