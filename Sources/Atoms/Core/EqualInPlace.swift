extension Equatable {
    /// `==` of the values at two addresses, without copying either.
    ///
    /// In code that is not specialised, `left.pointee == right.pointee` copies both values
    /// through their value witnesses before calling `==` (a retain and a release of all they
    /// hold), since the compiler cannot prove that nothing writes to pointed-to memory during
    /// the call. Operands passed `inout` are exclusive for the call, so their addresses go to
    /// `==` as they are.
    ///
    /// Nothing is written: `==` takes its operands borrowed, and this function only reads them,
    /// so memory shared with other values (a list's buffer) is left as it was. The addresses
    /// must not be the same one (two `inout` accesses to one variable overlap); callers compare
    /// distinct storage, having treated one address as equal to itself beforehand where `==`
    /// would not (`Array.==` does so for one buffer, even of NaNs).
    @inline(__always)
    package static func equalInPlace(_ left: UnsafeMutablePointer<Self>, _ right: UnsafeMutablePointer<Self>) -> Bool {
        compare(&left.pointee, &right.pointee)
    }

    @inline(__always)
    private static func compare(_ left: inout Self, _ right: inout Self) -> Bool { left == right }
}
