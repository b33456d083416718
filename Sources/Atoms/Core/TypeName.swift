import Synchronization

/// The name of a type as `String(describing:)` gives it, worked out once per type.
///
/// Asking the runtime for a type's name costs thousands of instructions (it demangles and
/// prints), and ids and value types are named for every atom a store meets: every store of a
/// test suite, every session of a benchmark, every atom of a family. A type's name never
/// changes, so the first answer serves every later one.
enum TypeName {
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    static func of(_ type: any Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names.withLock({ $0[id] }) { return name }
        let name = String(describing: type)
        names.withLock { $0[id] = name }
        return name
    }
}
