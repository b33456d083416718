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

    /// An element whose `==` ignores case, so that only the element's own `==` can call two
    /// differently spelled lists equal.
    struct Name: Equatable, Sendable {
        var text: String
        static func == (left: Name, right: Name) -> Bool { left.text.lowercased() == right.text.lowercased() }
    }

    /// A new array at every evaluation: "EVEN" after an even source and "even" after the
    /// next even one, so the two lists differ in their bits and are equal by `==`; one more
    /// element when the source is odd.
    struct Names: ValueAtom, Hashable {
        func value(context: Context) -> [Name] {
            let source = context.watch(Source())
            if source % 2 != 0 { return [Name(text: "odd \(source)"), Name(text: "more")] }
            return [Name(text: source % 4 == 0 ? "EVEN" : "even")]
        }
    }

    /// A new array holding NaN at every evaluation: never equal, as `==` of arrays says.
    struct FreshNaNs: ValueAtom, Hashable {
        func value(context: Context) -> [Double] {
            _ = context.watch(Source())
            return [1, .nan].map { $0 }
        }
    }

    /// The same stored array at every evaluation: `==` of arrays calls arrays that share
    /// their storage equal without comparing elements, NaN or not.
    struct SharedNaNs: ValueAtom, Hashable {
        static let shared: [Double] = [.nan]
        func value(context: Context) -> [Double] {
            _ = context.watch(Source())
            return Self.shared
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

    @Test func arraysAreComparedWithTheirElementsEqualityAsArrayEqualityDoes() {
        let root = AtomRoot()
        var commits: [AtomCommit] = []
        root.observeCommits { commits.append($0) }
        let context = root.context()
        context.watch(Names())
        context.watch(FreshNaNs())
        context.watch(SharedNaNs())

        // "EVEN" (0) becomes "even" (2): equal by the element's `==`, though not bit for bit.
        context.set(2, for: Source())
        var changes = commits[commits.count - 1].changes
        #expect(Set(changes.updated.map(\.atom.id)) == ["Source", "FreshNaNs"])
        #expect(Set(changes.recomputed.map(\.id)) == ["Names", "SharedNaNs"])
        #expect(context.read(Names()) == [Name(text: "even")])

        // One element becomes two: a change.
        context.set(3, for: Source())
        changes = commits[commits.count - 1].changes
        #expect(Set(changes.updated.map(\.atom.id)) == ["Source", "Names", "FreshNaNs"])

        // Two elements, the first spelled differently: a change.
        context.set(5, for: Source())
        changes = commits[commits.count - 1].changes
        #expect(Set(changes.updated.map(\.atom.id)) == ["Source", "Names", "FreshNaNs"])
        #expect(changes.recomputed.map(\.id) == ["SharedNaNs"])

        // The answers are those of `==` on the arrays themselves.
        #expect([1, Double.nan] != [1, Double.nan].map { $0 })
        #expect(SharedNaNs.shared == SharedNaNs.shared)
    }

    /// The store's own comparison of lists (`ElementsEquatableInPlace`, elements compared
    /// where they lie) answers as `Array.==` does, pair by pair.
    @Test func listsComparedInPlaceAnswerAsArrayEquality() throws {
        func agree<Element: Equatable>(_ left: [Element], _ right: [Element], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let equal = try #require(TypedEquality.of([Element].self))
            withUnsafePointer(to: left) { left in
                withUnsafePointer(to: right) { right in
                    #expect(equal(left, right) == (left.pointee == right.pointee), sourceLocation: sourceLocation)
                }
            }
        }
        let nan: [Double] = [.nan]
        try agree(nan, nan)
        try agree([1, .nan].map { $0 }, [1, .nan].map { $0 })
        try agree([Double](), [])
        try agree([Double](), [1])
        try agree([1.0, 2], [1, 2, 3])
        try agree([1.0, 2], [1, 3])
        try agree([0.0], [-0.0])
        try agree([Name(text: "EVEN")], [Name(text: "even")])
        try agree([Name(text: "a"), Name(text: "b")], [Name(text: "A"), Name(text: "c")])
        try agree([[1.0], [2]], [[1], [2]])
        try agree([[Double.nan]], [[Double.nan]])
        try agree([nan], [nan])
        try agree(["a", String(repeating: "long text ", count: 4)], ["a", String(repeating: "long text ", count: 4)])
    }
}
