import CEditLineSupport
import Foundation

/// Reads lines from a terminal through libedit: cursor movement, history on the arrow keys,
/// and tab completion of commands and atom ids.
@MainActor
struct EditLineReader: LineReader {
    init(completions: @escaping (_ line: String, _ word: String) -> [String]) {
        CompletionSource.provider = completions
        atomscope_editline_install("atomscope") { line, word, index in
            // libedit calls back synchronously on the thread that called `readline`: the
            // main thread, where the REPL runs.
            let lineText = line.map { String(cString: $0) } ?? ""
            let wordText = word.map { String(cString: $0) } ?? ""
            let candidate = MainActor.assumeIsolated {
                CompletionSource.candidate(line: lineText, word: wordText, index: Int(index))
            }
            return candidate.flatMap { strdup($0) }
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
@MainActor
enum CompletionSource {
    static var provider: ((String, String) -> [String])?
    private static var matches: [String] = []

    /// libedit asks for candidates one index at a time, starting at 0 for each completion.
    static func candidate(line: String, word: String, index: Int) -> String? {
        if index == 0 {
            matches = (provider?(line, word) ?? []).filter { $0.hasPrefix(word) }.sorted()
        }
        return index < matches.count ? matches[index] : nil
    }
}
