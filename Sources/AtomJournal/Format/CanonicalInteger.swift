/// The integer a JSON text spells, when it spells one the way Swift prints an `Int64`: an
/// optional `-`, then digits with no leading zero, no `+`, no `-0`, no fraction or exponent.
///
/// Since format 2.0 such a value is stored as the integer itself (value tag 4), and a reader
/// gives back `String(value)`, which is exactly the text: the compact form loses nothing, and
/// any other spelling of a number (`1.0`, `1e3`, `007`) stays JSON text.
enum CanonicalInteger {
    /// The value of `utf8`, or `nil` when it is not an integer in canonical form or does not
    /// fit in 64 bits.
    @inline(__always)
    static func value(of utf8: UnsafeRawBufferPointer) -> Int64? {
        // Most values that are not integers are told apart by their first byte.
        guard let first = utf8.first, first == UInt8(ascii: "-") || (first &- UInt8(ascii: "0")) < 10 else { return nil }
        return parse(utf8)
    }

    /// How many bytes `String(value)` has. A ladder of comparisons, shortest for the small
    /// numbers most atoms hold: a journal's index asks it for every integer of every step.
    static func textLength(of value: Int64) -> Int {
        let sign = value < 0 ? 1 : 0
        let magnitude = value.magnitude
        if magnitude < 10_000 {
            return sign + (magnitude < 100 ? (magnitude < 10 ? 1 : 2) : (magnitude < 1_000 ? 3 : 4))
        }
        if magnitude < 100_000_000 {
            return sign + (magnitude < 1_000_000 ? (magnitude < 100_000 ? 5 : 6) : (magnitude < 10_000_000 ? 7 : 8))
        }
        var digits = 9
        var bound: UInt64 = 1_000_000_000
        // 19 digits hold every Int64 magnitude; `bound` stops at 10^19, below 2^64.
        while digits < 19, magnitude >= bound {
            digits += 1
            bound &*= 10
        }
        return sign + digits
    }

    private static func parse(_ utf8: UnsafeRawBufferPointer) -> Int64? {
        let negative = utf8[0] == UInt8(ascii: "-")
        let digits = utf8.count - (negative ? 1 : 0)
        // 19 digits hold every Int64; "-9223372036854775808" is the longest text.
        guard digits >= 1, digits <= 19 else { return nil }
        var index = negative ? 1 : 0
        // A leading zero is canonical only as "0" itself.
        if utf8[index] == UInt8(ascii: "0"), digits > 1 || negative { return nil }
        var magnitude: UInt64 = 0
        while index < utf8.count {
            let digit = utf8[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            // 19 digits stay below 10^19 < 2^64: no overflow before the range check.
            magnitude = magnitude &* 10 &+ UInt64(digit)
            index += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return Int64(bitPattern: 0 &- magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }
}
