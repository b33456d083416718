import AtomJournal

/// The one line every reading command prints on stderr when a journal ends in a torn tail, so
/// that an answer read from a damaged journal is never taken for an answer from a whole one.
public enum DamageNotice {
    /// `PATH ends in a torn tail at offset X (N bytes): …`, or `nil` for a journal that ends
    /// at a whole frame (closed, or open because the recorder is running or the app died).
    /// `repairable` is false for a journal with no file to repair (one read from standard
    /// input), which gets no `verify --repair` advice.
    public static func text(path: String, ending: JournalEnding, repairable: Bool = true) -> String? {
        guard case .tornTail(let offset, let bytes) = ending else { return nil }
        let text = "\(path) ends in a torn tail at offset \(offset) (\(bytes) bytes): showing the steps before it"
        return repairable ? text + "; `atomscope verify --repair \(path)` cuts it" : text
    }
}
