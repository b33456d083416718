/// `==` for a type known only as a generic parameter, found once instead of at every
/// comparison: asking at run time whether a value is `Equatable` (`value as? any Equatable`)
/// costs thousands of instructions, more than the commit it serves.
///
/// The function compares values where they are: taking them by value would copy each one
/// through its value witnesses in code that is not specialised.
enum TypedEquality {
    /// `==` for `T`, or `nil` when `T` is not `Equatable`.
    static func of<T>(_ type: T.Type) -> ((UnsafePointer<T>, UnsafePointer<T>) -> Bool)? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        return equatable.equality(as: type)
    }
}

private extension Equatable {
    /// `==`, for values the caller holds as `T`. Called only through `TypedEquality.of`, with
    /// `T` the very type `Self` was opened from, so reading a `T` as a `Self` reads the same
    /// type.
    static func equality<T>(as type: T.Type) -> (UnsafePointer<T>, UnsafePointer<T>) -> Bool {
        { left, right in
            UnsafeRawPointer(left).assumingMemoryBound(to: Self.self).pointee
                == UnsafeRawPointer(right).assumingMemoryBound(to: Self.self).pointee
        }
    }
}
