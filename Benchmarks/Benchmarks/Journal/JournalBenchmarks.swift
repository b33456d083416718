// Entry point of the Journal benchmark target: what recording costs an app (on vs off, bytes
// per step) and what the journal costs its readers (append throughput, open-and-index of a
// 1,000,000-step journal next to reading its bytes, random seeks). scripts/bench runs them
// and prints one table; shared/BENCHMARKS.md ("Beyond propagation") says what is measured.

import Benchmark
import BenchmarkSupport

let benchmarks: @Sendable () -> Void = {
    registerTodoRecording()
    registerDeepRecording()
    registerStepBytes()
    registerAppend()
    registerOpenIndex()
    registerSeek()
}
