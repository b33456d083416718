import CEditLineSupport
import Foundation
import Synchronization

/// Reads lines from a terminal through libedit: cursor movement, history on the arrow keys,
/// and tab completion of commands and atom ids.
struct EditLineReader: LineReader {
    init(completions: @escaping @Sendable (_ line: String, _ word: String) -> [String]) {
        CompletionSource.provider.withLock { $0 = completions }
        atomscope_editline_install("atomscope") { line, word, index in
            CompletionSource.candidate(
                line: line.map { String(cString: $0) } ?? "",
                word: word.map { String(cString: $0) } ?? "",
                index: Int(index)
            ).flatMap { strdup($0) }
        }
    }

    mutating func readLine(prompt: String) -> String? {
        guard let raw = atomscope_editline_read(prompt) else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty {
            atomscope_editline_remember(raw)
        }
        return line
    }
}

/// The completion candidates, reached from a C callback that cannot capture context.
enum CompletionSource {
    static let provider = Mutex<(@Sendable (String, String) -> [String])?>(nil)
    private static let matches = Mutex<[String]>([])

    /// libedit asks for candidates one index at a time, starting at 0 for each completion.
    static func candidate(line: String, word: String, index: Int) -> String? {
        if index == 0 {
            let all = provider.withLock { $0 }?(line, word) ?? []
            matches.withLock { $0 = all.filter { $0.hasPrefix(word) }.sorted() }
        }
        return matches.withLock { index < $0.count ? $0[index] : nil }
    }
}
