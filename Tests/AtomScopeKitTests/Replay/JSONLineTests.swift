@testable import AtomScopeKit
import AtomJournal
import Foundation
import Testing

/// `--json` lines come from the recorder's fast encoder when it accepts the value: they must
/// be the bytes Foundation's encoder writes, hostile text included.
@Suite struct JSONLineTests {
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return JSONOutput.escapingTerminalControls(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    @Test(arguments: ["fixtures/todo.journal", "fixtures/search.journal", "fixtures/counter.journal"])
    func everyLogLineOfAFixtureIsFoundationsBytes(_ path: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let timeline = try Timeline(url: root.appending(path: path))
        for number in 1...timeline.stepCount {
            let entry = LogEntry(try timeline.step(number))
            #expect(JSONOutput.line(entry) == (try Self.foundation(entry)), "step \(number)")
        }
        for mark in timeline.marks {
            #expect(JSONOutput.line(LogMarkEntry(mark)) == (try Self.foundation(LogMarkEntry(mark))))
        }
    }

    @Test func hostileTextIsEscapedTheSameWay() throws {
        let texts = ["a/b", "quote \" and \\ backslash", "\u{1B}[31mred\u{7F}\u{9B}", "bidi \u{202E}txt", "tab\tnewline\n", "é 中 😀", "\u{0}\u{1F}"]
        for text in texts {
            let value = ["label": text, "other": "x"]
            #expect(JSONOutput.line(value) == (try Self.foundation(value)), "\(text.debugDescription)")
        }
    }
}
