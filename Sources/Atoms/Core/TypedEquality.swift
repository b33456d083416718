/// `==` for a type known only as a generic parameter, found once instead of at every
/// comparison: asking at run time whether a value is `Equatable` (`value as? any Equatable`)
/// costs thousands of instructions, more than the commit it serves.
///
/// The function compares values where they are: taking them by value would copy each one
/// through its value witnesses in code that is not specialised.
enum TypedEquality {
    /// `==` for `T`, or `nil` when `T` is not `Equatable`.
    static func of<T>(_ type: T.Type) -> ((UnsafePointer<T>, UnsafePointer<T>) -> Bool)? {
        if let bitwise = bitwise(type) { return bitwise }
        guard let equatable = type as? any Equatable.Type else { return nil }
        return equatable.equality(as: type)
    }

    /// `==` for the standard integers and `Bool`, whose `==` is exactly the equality of their
    /// bits: compared as words in code that is not generic, where the general closure pays
    /// for a copy of each value and for `==` through witness tables (about 100 instructions
    /// per comparison, for every changed atom of every observed commit).
    private static func bitwise<T>(_ type: T.Type) -> ((UnsafePointer<T>, UnsafePointer<T>) -> Bool)? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self), ObjectIdentifier(UInt.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt64.self):
            { UnsafeRawPointer($0).load(as: UInt64.self) == UnsafeRawPointer($1).load(as: UInt64.self) }
        case ObjectIdentifier(Int32.self), ObjectIdentifier(UInt32.self):
            { UnsafeRawPointer($0).load(as: UInt32.self) == UnsafeRawPointer($1).load(as: UInt32.self) }
        case ObjectIdentifier(Int16.self), ObjectIdentifier(UInt16.self):
            { UnsafeRawPointer($0).load(as: UInt16.self) == UnsafeRawPointer($1).load(as: UInt16.self) }
        case ObjectIdentifier(Int8.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(Bool.self):
            { UnsafeRawPointer($0).load(as: UInt8.self) == UnsafeRawPointer($1).load(as: UInt8.self) }
        default:
            nil
        }
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
