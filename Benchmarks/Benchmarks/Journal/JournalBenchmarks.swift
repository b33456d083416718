// Entry point of the Journal benchmark target: what recording costs an app (on vs off for the
// todo session, a deep chain and 1,000 task completions; bytes per step) and what the journal costs its readers (append throughput, open-and-index of a
// 1,000,000-step journal next to reading its bytes, random seeks). scripts/bench runs them
// and prints one table; shared/BENCHMARKS.md ("Beyond propagation") says what is measured.

import Benchmark
import BenchmarkSupport

let benchmarks: @Sendable () -> Void = {
    registerTodoRecording()
    registerDeepRecording()
    registerAsyncRecording()
    registerStepBytes()
    registerTodoStepBytes()
    registerAppend()
    registerOpenIndex()
    registerSeek()
    registerDamagedScan()
}
