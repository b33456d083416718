// Foundation only for JSONEncoder: the rule compares encoded bytes of values that are
// `Encodable` but not `Equatable`, and that happens only while a commit observer is attached.
import Foundation

/// The one rule that says whether an atom's value changed in a transaction or was only
/// recomputed (or set) to a value equal to the one it had. The change set, and through it the
/// recorder and every `atomscope` command, uses it:
///
/// 1. An ``AtomKind/observableObject`` or ``AtomKind/observable`` atom holds one object that is
///    mutated in place, so its old and new values are the same object: the object's own change
///    notification is the change, and such a step is always a change.
/// 2. A value whose type is `Equatable` changed when `!=` says so.
/// 3. Otherwise, a value that is `Encodable` changed when its JSON (keys sorted) differs.
/// 4. Otherwise its description is compared. That is a best guess: two different values can
///    describe themselves alike, and one value can describe itself differently each time.
enum ValueChangeRule {
    static func differs(_ old: Any?, _ new: Any?, kind: AtomKind) -> Bool {
        if kind == .observableObject || kind == .observable { return true }
        guard let old, let new else { return (old == nil) != (new == nil) }
        if let equatable = old as? any Equatable {
            return !equatable.isEqual(to: new)
        }
        if let oldEncodable = old as? any Encodable, let newEncodable = new as? any Encodable,
           let oldBytes = encoded(oldEncodable), let newBytes = encoded(newEncodable) {
            return oldBytes != newBytes
        }
        return String(describing: old) != String(describing: new)
    }

    private static func encoded(_ value: any Encodable) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(value)
    }
}
