/// Thrown when the fast encoder cannot promise output byte-identical to `JSONEncoder`
/// (floating point, `Date`, `Data`, `URL`, `Decimal`, `superEncoder`, duplicate keys, unusual
/// container use, values that encode nothing): the caller falls back to `JSONEncoder`.
struct FastJSONUnsupported: Error {}
