@testable import Atoms
import Testing

/// A commit tells a change from a recompute with `==`; the integers and `Bool` are compared by
/// their bits instead (`TypedEquality`), which must give the same answers, and no other type
/// may take that path.
@MainActor
@Suite("A commit's equality rule")
struct CommitEqualityTests {
    struct Source: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int { 0 }
    }

    /// The source's parity as `T`: the same after a write of another even number.
    struct Parity<T: FixedWidthInteger & Sendable>: ValueAtom, Hashable {
        func value(context: Context) -> T { T(truncatingIfNeeded: context.watch(Source()) % 2) }
    }

    /// The source's sign in the high bits of a wide word, so that a comparison of fewer bytes
    /// than the type's would miss the change.
    struct HighBits<T: FixedWidthInteger & Sendable>: ValueAtom, Hashable {
        func value(context: Context) -> T { context.watch(Source()) < 0 ? T.min : 0 }
    }

    struct IsOdd: ValueAtom, Hashable {
        func value(context: Context) -> Bool { context.watch(Source()) % 2 != 0 }
    }

    /// Not a number, whose bits stay the same while `==` says it differs from itself.
    struct NotANumber: ValueAtom, Hashable {
        func value(context: Context) -> Double {
            _ = context.watch(Source())
            return .nan
        }
    }

    private static let parities = 8

    private func watchAll(_ context: AtomViewContext) {
        context.watch(Parity<Int>())
        context.watch(Parity<UInt>())
        context.watch(Parity<Int64>())
        context.watch(Parity<UInt64>())
        context.watch(Parity<Int32>())
        context.watch(Parity<UInt16>())
        context.watch(Parity<Int8>())
        context.watch(Parity<UInt8>())
        context.watch(HighBits<Int>())
        context.watch(HighBits<Int32>())
        context.watch(HighBits<Int16>())
        context.watch(IsOdd())
        context.watch(NotANumber())
    }

    @Test func anEqualIntegerOrBoolIsARecomputeAndAnotherIsAChange() {
        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        let context = root.context()
        watchAll(context)

        context.set(2, for: Source())
        let same = commits[commits.count - 1].changes
        // The parities, the high bits and the Bool are unchanged; the source changed, and
        // NaN is never equal to itself.
        #expect(Set(same.updated.map(\.atom.id)) == ["Source", "NotANumber"])
        #expect(same.recomputed.count == Self.parities + 3 + 1)

        context.set(3, for: Source())
        let odd = commits[commits.count - 1].changes
        #expect(odd.updated.count == 1 + Self.parities + 1 + 1)
        #expect(odd.recomputed.count == 3)

        context.set(-3, for: Source())
        let negative = commits[commits.count - 1].changes
        // Parity of -3 is -1 for the signed types (`%` keeps the sign) and its truncation,
        // all ones, for the unsigned ones: every parity changes, and so do the high bits.
        #expect(negative.updated.count == 1 + Self.parities + 3 + 1)
        #expect(negative.recomputed.map(\.id) == ["IsOdd"])
    }
}
