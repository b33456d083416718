/// The key under which a frame's value sits in its parent, kept unboxed so that encoding does
/// not build a `codingPath` array unless someone asks for one.
enum FastJSONPathKey {
    case none
    case key(any CodingKey)
    case index(Int)

    var codingKey: (any CodingKey)? {
        switch self {
        case .none: return nil
        case .key(let key): return key
        case .index(let index): return FastJSONIndexKey(index: index)
        }
    }
}

/// The coding key of an array element, spelled as `JSONEncoder` spells it.
struct FastJSONIndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(index: intValue) }
}
