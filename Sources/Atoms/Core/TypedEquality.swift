/// `==` for a type known only as a generic parameter, found once instead of at every
/// comparison: asking at run time whether a value is `Equatable` (`value as? any Equatable`)
/// costs thousands of instructions, more than the commit it serves.
///
/// The function compares values where they are: taking them by value would copy each one
/// through its value witnesses in code that is not specialised.
enum TypedEquality {
    /// `==` for `T`, or `nil` when `T` is not `Equatable`. For the types of `bitWidth(of:)`,
    /// `bitsEqual` gives the same answers without a closure.
    static func of<T>(_ type: T.Type) -> ((UnsafePointer<T>, UnsafePointer<T>) -> Bool)? {
        if let array = type as? any ElementsEquatableInPlace.Type { return array.elementsEquality(as: type) }
        guard let equatable = type as? any Equatable.Type else { return nil }
        return equatable.equality(as: type)
    }

    /// The size in bytes of `T` if `T` is one of the standard integers or `Bool`, whose `==`
    /// is exactly the equality of their bits; 0 otherwise. Such values are compared as words
    /// by `bitsEqual`, in code that is not generic: the general closure pays for a copy of
    /// each value and for `==` through witness tables (about 100 instructions per comparison,
    /// for every changed atom of every observed commit), and a closure made in generic code
    /// carries a context that is retained and released at every call.
    static func bitWidth<T>(of type: T.Type) -> Int {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self), ObjectIdentifier(UInt.self), ObjectIdentifier(Int64.self), ObjectIdentifier(UInt64.self):
            8
        case ObjectIdentifier(Int32.self), ObjectIdentifier(UInt32.self):
            4
        case ObjectIdentifier(Int16.self), ObjectIdentifier(UInt16.self):
            2
        case ObjectIdentifier(Int8.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(Bool.self):
            1
        default:
            0
        }
    }

    /// Whether the values at `left` and `right`, of a type `bitWidth(of:)` gave `width` for,
    /// are equal.
    static func bitsEqual(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, width: Int) -> Bool {
        switch width {
        case 8: left.load(as: UInt64.self) == right.load(as: UInt64.self)
        case 4: left.load(as: UInt32.self) == right.load(as: UInt32.self)
        case 2: left.load(as: UInt16.self) == right.load(as: UInt16.self)
        default: left.load(as: UInt8.self) == right.load(as: UInt8.self)
        }
    }

    /// Copies a value of a type `bitWidth(of:)` gave `width` for: its bits are the value.
    static func copyBits(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, width: Int) {
        switch width {
        case 8: target.storeBytes(of: source.load(as: UInt64.self), as: UInt64.self)
        case 4: target.storeBytes(of: source.load(as: UInt32.self), as: UInt32.self)
        case 2: target.storeBytes(of: source.load(as: UInt16.self), as: UInt16.self)
        default: target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        }
    }
}

private extension Equatable {
    /// `==`, for values the caller holds as `T`. Called only through `TypedEquality.of`, with
    /// `T` the very type `Self` was opened from, so reading a `T` as a `Self` reads the same
    /// type.
    static func equality<T>(as type: T.Type) -> (UnsafePointer<T>, UnsafePointer<T>) -> Bool {
        { left, right in
            Self.equalInPlace(
                UnsafeMutablePointer(mutating: UnsafeRawPointer(left).assumingMemoryBound(to: Self.self)),
                UnsafeMutablePointer(mutating: UnsafeRawPointer(right).assumingMemoryBound(to: Self.self)))
        }
    }
}
