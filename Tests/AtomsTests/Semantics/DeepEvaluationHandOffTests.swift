@testable import Atoms
import Testing

/// The depths at which a first computation moves to a helper thread: exactly the caller's
/// levels, then every helper's levels after that, and no other.
@Suite("Deep evaluation hand-off depths")
struct DeepEvaluationHandOffTests {
    @Test func handsOffExactlyAtTheCallersLevelsAndEveryHelpersLevelsAfter() {
        let first = DeepEvaluation.levelsOnCallerStack
        let every = DeepEvaluation.levelsPerHelper
        var handOffs: [Int] = []
        for depth in 0...(first + 5 * every + 1) where DeepEvaluation.needsHandOff(depth: depth) {
            handOffs.append(depth)
        }
        #expect(handOffs == (0...5).map { first + $0 * every })
    }
}
