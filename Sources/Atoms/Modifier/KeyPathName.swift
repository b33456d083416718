import Synchronization

/// How a `.changes(of:)` atom names its key path in its id: as the key path is written in
/// source, relative to the atom's value (`\.address.city`), so that ids read like the code
/// and are the same in every run.
///
/// The runtime names stored properties. On Linux it cannot name a computed property (such as
/// `Array.count` or `Int.description`): it describes one as `<computed 0x… (Int)>`, an address
/// that changes from run to run and says nothing to a reader. Such a key path takes its name
/// from `changes(of:named:)`; without one, each computed component is written with its type
/// and a number, `\.<computed Int 1>`, counted per value type and shape of path
/// (`\.<computed Int …>`, `\.tags.<computed Int …>`) in the order the process first names its
/// key paths. The number
/// tells two key paths of one shape apart without an address, and is the same in every run
/// that names them in the same order.
enum KeyPathName {
    static func text(of keyPath: any AnyKeyPath & Sendable, root: Any.Type, name: String?) -> String {
        if let name {
            return "\\." + explicit(name)
        }
        if let kvc = (keyPath as AnyKeyPath)._kvcKeyPathString {
            return "\\." + kvc
        }
        let description = String(describing: keyPath as AnyKeyPath)
        let (shape, computedCount) = shape(of: description, root: root)
        guard computedCount > 0 else { return shape }
        // Numbered per value type and shape: `\.<computed String …>` of an `Int` and of a
        // `Profile` count apart.
        let registryKey = String(reflecting: root) + " " + shape
        let ordinal = registry.withLock { registry in
            var seen = registry[registryKey, default: []]
            if let position = seen.firstIndex(where: { ($0 as AnyKeyPath) == (keyPath as AnyKeyPath) }) {
                return position + 1
            }
            seen.append(keyPath)
            registry[registryKey] = seen
            return seen.count
        }
        return Self.shape(of: description, root: root, ordinal: ordinal).text
    }

    /// Unnamed key paths seen so far, by value type and shape, in the order they were first
    /// named.
    private static let registry = Mutex<[String: [any AnyKeyPath & Sendable]]>([:])

    /// A name as given, without a leading `\.` or `.`, since people write it either way.
    private static func explicit(_ name: String) -> String {
        var name = Substring(name)
        if name.hasPrefix("\\") { name = name.dropFirst() }
        if name.hasPrefix(".") { name = name.dropFirst() }
        return String(name)
    }

    /// The description relative to the root (`\Profile.name` becomes `\.name`) with each
    /// computed component's address left out (`<computed Int>`, or `<computed Int 2>` for the
    /// first one given an `ordinal`), and how many such components it has.
    static func shape(of description: String, root: Any.Type, ordinal: Int? = nil) -> (text: String, computed: Int) {
        let rootPrefix = "\\" + String(describing: root)
        var text = description
        if text.hasPrefix(rootPrefix + ".") || text.hasPrefix(rootPrefix + "?") || text.hasPrefix(rootPrefix + "!") {
            text = "\\" + text.dropFirst(rootPrefix.count)
        }
        var computed = 0
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstRange(of: "<computed ") {
            result += rest[..<start.lowerBound]
            rest = rest[start.upperBound...]
            // An address, then ` (Type)>`; the type may hold parentheses and angle brackets.
            let address = rest.prefix { $0 == "x" || $0.isHexDigit }
            rest = rest.dropFirst(address.count)
            if rest.hasPrefix(" ") { rest = rest.dropFirst() }
            guard rest.hasPrefix("("), let end = closing(in: rest) else {
                result += "<computed "
                continue
            }
            let type = rest[rest.index(after: rest.startIndex)..<end]
            rest = rest[rest.index(after: end)...]
            if rest.hasPrefix(">") { rest = rest.dropFirst() }
            result += "<computed \(type)" + (computed == 0 ? ordinal.map { " \($0)" } ?? "" : "") + ">"
            computed += 1
        }
        result += rest
        return (result, computed)
    }

    /// The index of the `)` that closes the `(` that `text` starts with.
    private static func closing(in text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
