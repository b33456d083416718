@testable import Atoms
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The depths at which a first computation moves to a helper thread: exactly the caller's
/// levels, then every helper's levels after that, and no other; and few enough levels on one
/// stack for ThreadSanitizer.
@MainActor
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

    /// An atom at the bottom of `index` others, each computed first inside the one above it,
    /// which gives the frames on the stack where each of them was computed, deepest first.
    struct Probe: ValueAtom, Hashable {
        let index: Int
        func value(context: Context) -> [Int] {
            let here = framesOnStack()
            return index == 0 ? [here] : context.watch(Probe(index: index - 1)) + [here]
        }
    }

    /// ThreadSanitizer keeps each thread's calls in a shadow stack of 65,536 frames and does
    /// not check that bound: a helper's levels of nested computations, at the frames a level
    /// takes in this build, must leave at least half of it to the atoms' own functions. At
    /// 4,096 levels of 17 frames they overflowed it, and the sanitized run crashed or hung.
    @Test func aHelpersLevelsFillAtMostHalfOfThreadSanitizersShadowStack() throws {
        let context = AtomTestContext()
        let frames = context.watch(Probe(index: 4))
        try #require(frames.count == 5)
        let perLevel = zip(frames, frames.dropFirst()).map { deeper, shallower in
            deeper - shallower
        }
        // The levels below the first are computed the same way, so they take the same frames.
        #expect(Set(perLevel.dropLast()).count == 1, "frames at each level: \(frames)")
        let framesPerLevel = try #require(perLevel.max())
        #expect(framesPerLevel > 0)
        let onOneHelper = DeepEvaluation.levelsPerHelper * framesPerLevel
        #expect(onOneHelper <= 65_536 / 2, "\(framesPerLevel) frames a level")
    }
}

/// The frames on the calling thread's stack, counted by libc's `backtrace`
/// (`Thread.callStackReturnAddresses` stops at 128), or 0 where there is none.
private func framesOnStack() -> Int {
    #if canImport(Glibc)
    typealias Backtrace = @convention(c) (
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32
    ) -> Int32
    guard let symbol = dlsym(nil, "backtrace") else { return 0 }
    let backtrace = unsafeBitCast(symbol, to: Backtrace.self)
    var buffer = [UnsafeMutableRawPointer?](repeating: nil, count: 4_096)
    return Int(buffer.withUnsafeMutableBufferPointer { backtrace($0.baseAddress, Int32($0.count)) })
    #else
    return 0
    #endif
}
