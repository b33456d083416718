import Atoms

/// An in-memory source whose values decode by casting, so that the engine's restore is
/// tested without any storage format.
struct InMemorySource: AtomValueSource {
    var entries: [AtomID: AtomSourceEntry]

    var atomIDs: [AtomID] { Array(entries.keys) }

    func entry(for id: AtomID) -> AtomSourceEntry? { entries[id] }
}

/// A stored value that "decodes" by casting, failing the way a decoder does.
struct CastValue: AtomEncodedValue {
    let value: any Sendable

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let typed = value as? T else {
            let context = DecodingError.Context(codingPath: [], debugDescription: "Expected \(T.self) but found \(Swift.type(of: value))")
            throw DecodingError.typeMismatch(T.self, context)
        }
        return typed
    }
}

extension AtomSourceEntry {
    static func cast(_ value: any Sendable) -> AtomSourceEntry {
        .encoded(CastValue(value: value))
    }
}

struct RestoreCount: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

struct RestoreLabel: StateAtom, Hashable {
    func defaultValue(context: Context) -> String { "a" }
}

struct RestoreDoubled: ValueAtom, Hashable {
    func value(context: Context) -> Int { context.watch(RestoreCount()) * 2 }
}

/// A value with no `Decodable` conformance, such as a connection handle.
struct Handle: Equatable {
    let id: Int
}

struct RestoreHandle: StateAtom, Hashable {
    func defaultValue(context: Context) -> Handle { Handle(id: 1) }
}

struct RestoreToken: StateAtom, Sensitive, Hashable {
    func defaultValue(context: Context) -> String { "" }
}
