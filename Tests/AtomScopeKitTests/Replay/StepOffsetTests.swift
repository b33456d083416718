@testable import AtomScopeKit
import Foundation
import Testing

/// A step's time since the start, formatted without Foundation's formatter, is exactly what
/// that formatter gives: the `log` and `replay` lines must not change.
@Suite struct StepOffsetTests {
    @Test func offsetsMatchPrintfExactlyIncludingTies() {
        var values: [Int64] = Array(-2_500...2_500) + [62_500, 187_500, -62_500, 1 << 53, -(1 << 53), (1 << 53) + 1, .max, .min]
        // Ties: a whole number of milliseconds and a half, where the Double decides.
        values += stride(from: Int64(500), through: 50_000_500, by: 1_000).map { $0 }
        var generator = SplitMix64(seed: 14)
        values += (0..<20_000).map { _ in Int64.random(in: -(1 << 45)...(1 << 45), using: &generator) }
        for value in values {
            let expected = String(format: "+%.3fs", Double(value) / 1_000_000)
            #expect(StepFormatter.offset(value) == expected, "\(value)")
            // The bytes a `log` line gets without the string, too.
            var line = LineBytes()
            line.append(offset: value)
            #expect(line.text == expected, "\(value)")
        }
    }
}
