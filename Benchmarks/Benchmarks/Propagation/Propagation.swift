// Entry point of the Propagation benchmark target: the kairo shapes and the cellx
// layers from BENCHMARKS.md, each as an atoms version and a hand-written baseline.

import Benchmark

let benchmarks: @Sendable () -> Void = {
    registerDeep()
    registerBroad()
    registerDiamond()
    registerTriangle()
    registerMux()
    registerRepeated()
    registerUnstable()
    registerAvoidable()
    registerCellx()
    registerAllocations()
}
