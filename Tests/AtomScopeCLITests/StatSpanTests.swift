@testable import AtomJournal
import Foundation
import Testing

/// A journal whose step times are too far apart for their difference to fit in 64 bits (only
/// a damaged or hostile file has them): `stat` says the span is unknown rather than print a
/// number that passes for one.
@Suite("stat: a span that overflows")
struct StatSpanTests {
    private func journal(firstTime: Int64, lastTime: Int64, in folder: TemporaryDirectory) throws -> String {
        let url = folder.file("far-apart.journal")
        let writer = try JournalWriter(url: url)
        try writer.append(.keyframe(JournalKeyframe(commit: 0, time: 0, atoms: [], edges: [], subscriptions: [])))
        try writer.append(.step(JournalStep(commit: 1, time: firstTime, operation: "set")))
        try writer.append(.step(JournalStep(commit: 2, time: lastTime, operation: "set")))
        try writer.close()
        return url.path
    }

    @Test func textSaysUnknown() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try CLI.run(["stat", try journal(firstTime: -1, lastTime: .max, in: folder)])
        expectSuccess(result)
        #expect(result.outLines.contains("  steps       2 over an unknown time"), "\(result)")
        #expect(!result.out.contains(String(Int64.max)))
    }

    @Test func jsonLeavesTheSpanOut() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try CLI.run(["stat", try journal(firstTime: .min, lastTime: 1, in: folder), "--json"])
        expectSuccess(result)
        let json = try jsonObject(result.out)
        #expect(json["steps"] as? Int == 2)
        #expect(json["spanMicroseconds"] == nil, "\(result.out)")
    }

    /// The last difference that fits is still a number of microseconds.
    @Test func theWidestSpanThatFitsIsShown() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let result = try CLI.run(["stat", try journal(firstTime: 0, lastTime: .max, in: folder), "--json"])
        expectSuccess(result)
        #expect(try jsonObject(result.out)["spanMicroseconds"] as? Int == Int(Int64.max))
    }
}
