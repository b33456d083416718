/// `==` for a type known only as a generic parameter, found once instead of at every
/// comparison: asking at run time whether a value is `Equatable` (`value as? any Equatable`)
/// costs thousands of instructions, more than the commit it serves.
enum TypedEquality {
    /// `==` for `T`, or `nil` when `T` is not `Equatable`.
    static func of<T>(_ type: T.Type) -> ((T, T) -> Bool)? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        return equatable.equality(as: type)
    }
}

private extension Equatable {
    /// `==`, for values the caller holds as `T`. Called only through `TypedEquality.of`, with
    /// `T` the very type `Self` was opened from, so reading a `T` as a `Self` reads the same
    /// type: the pointers are rebound to their own type.
    static func equality<T>(as type: T.Type) -> (T, T) -> Bool {
        { lhs, rhs in
            withUnsafePointer(to: lhs) { left in
                withUnsafePointer(to: rhs) { right in
                    UnsafeRawPointer(left).assumingMemoryBound(to: Self.self).pointee
                        == UnsafeRawPointer(right).assumingMemoryBound(to: Self.self).pointee
                }
            }
        }
    }
}
