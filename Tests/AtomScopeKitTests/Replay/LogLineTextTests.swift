@testable import AtomScopeKit
import Foundation
import Testing

/// Without colours, a `log` line is written piece by piece into its bytes; it must read as the
/// styled pieces joined, for names that need quoting or escaping, numbers of every size and
/// lists past six atoms.
@Suite struct LogLineTextTests {
    private static let names = ["set", "batch", "Name\nwith newline", "quote \" and \\ backslash", "esc \u{1B}[31m", "é ü", ""]

    @Test func theUncolouredLineIsThePiecesJoined() {
        let formatter = StepFormatter(style: TextStyle(colored: false))
        var checked = 0
        for number in [1, 9, 10, 99, 12_345, 1_000_004, Int.max] {
            for (index, name) in Self.names.enumerated() {
                let other = Self.names[(index + 3) % Self.names.count]
                let summary = TimelineStepSummary(
                    number: number, commit: number, time: Int64(number % 10_000_000) * 7, operation: name,
                    label: index % 2 == 0 ? other : nil, causeAtom: index % 3 == 0 ? nil : other,
                    causeLocation: index % 4 == 0 ? nil : "App/\(other).swift:\(index)",
                    changedAtoms: Array(Self.names.prefix(index + 2)), recomputed: index > 3 ? ["Recomputed\t\(index)"] : []
                )
                var expected = "#" + String(number) + " " + StepFormatter.offset(summary.time) + " " + QuotedText.oneLine(name)
                if let label = summary.label { expected += " " + QuotedText.quoted(label) }
                if let atom = summary.causeAtom { expected += " " + QuotedText.oneLine(atom) }
                if let location = summary.causeLocation { expected += " at " + QuotedText.oneLine(location) }
                #expect(formatter.header(summary) == expected)
                var list = summary.changedAtoms.prefix(6).map { QuotedText.oneLine($0) }.joined(separator: ", ")
                if summary.changedAtoms.count > 6 { list += ", … (\(summary.changedAtoms.count) atoms)" }
                #expect(formatter.logLine(summary) == expected + (summary.changedAtoms.isEmpty ? "" : " → " + list))
                checked += 1
            }
        }
        #expect(checked == 49)
    }
}
