/// A list whose `==` the store computes element by element where the elements lie.
///
/// `Array.==` called from code that is not specialised (the store knows an atom's value
/// only as a generic parameter) copies each element out of both buffers before comparing
/// them: a retain and a release of everything each element holds, about 60 instructions
/// an element of a struct holding a string, for every element of every recorded commit of
/// a list. This compares them in place instead, with the same answers as `Array.==`:
/// different counts are unequal, one buffer is equal to itself (even if it holds NaN), and
/// otherwise every pair of elements is compared with the element type's `==`.
protocol ElementsEquatableInPlace {
    /// `==` of two values of this list type held as `T`, the type this one was opened from.
    static func elementsEquality<T>(as type: T.Type) -> (UnsafePointer<T>, UnsafePointer<T>) -> Bool
}

extension Array: ElementsEquatableInPlace where Element: Equatable {
    static func elementsEquality<T>(as type: T.Type) -> (UnsafePointer<T>, UnsafePointer<T>) -> Bool {
        { left, right in
            UnsafeRawPointer(left).assumingMemoryBound(to: [Element].self).pointee.withUnsafeBufferPointer { left in
                UnsafeRawPointer(right).assumingMemoryBound(to: [Element].self).pointee.withUnsafeBufferPointer { right in
                    Self.elementsEqual(left, right)
                }
            }
        }
    }

    private static func elementsEqual(_ left: UnsafeBufferPointer<Element>, _ right: UnsafeBufferPointer<Element>) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress, leftBase != rightBase else { return true }
        let leftElements = UnsafeMutablePointer(mutating: leftBase)
        let rightElements = UnsafeMutablePointer(mutating: rightBase)
        for index in 0..<left.count where !Element.equalInPlace(leftElements + index, rightElements + index) {
            return false
        }
        return true
    }
}
