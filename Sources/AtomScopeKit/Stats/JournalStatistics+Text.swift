import Foundation

extension JournalStatistics {
    /// The report `atomscope stat` prints: a summary, then the atoms that change most; with
    /// `recomputed`, a column of how often each was recomputed to an equal value.
    public func text(style: TextStyle, atomLimit: Int = 20, recomputed: Bool = false) -> String {
        var lines: [String] = []
        // Text from the journal's header and atom table is made one line before it is styled.
        lines.append(style.bold(QuotedText.oneLine(path)))
        lines.append("  format      \(formatVersion)")
        if let app { lines.append("  app         \(QuotedText.oneLine(app))\(processID.map { " (pid \($0))" } ?? "")") }
        if let started { lines.append("  started     \(QuotedText.oneLine(started))") }
        lines.append("  size        \(fileBytes) bytes")
        lines.append("  steps       \(steps) over \(spanMicroseconds.map(Self.duration) ?? "an unknown time")")
        lines.append("  atoms       \(atoms)")
        lines.append("  keyframes   \(keyframes)")
        lines.append("  marks       \(marks)")
        switch ending {
        case "torn":
            lines.append("  ending      " + style.red("torn tail at offset \(tornTailOffset ?? 0) (\(tornTailBytes ?? 0) bytes)") + " — `atomscope verify --repair` cuts it")
        case "open":
            lines.append("  ending      " + style.yellow("not closed") + " (recorder running, or the app stopped between writes)")
        default:
            lines.append("  ending      " + style.green("closed cleanly"))
        }
        if unwrittenBytes > 0 {
            lines.append("  unwritten   \(unwrittenBytes) bytes at the end, reserved by the recorder and still zero")
        }
        if unknownRecords > 0 {
            lines.append("  unknown     \(unknownRecords) records from a newer format version, skipped")
        }
        if !perAtom.isEmpty {
            lines.append("")
            lines.append(style.bold("  changes  " + (recomputed ? "recomputed  " : "") + "   value bytes  atom"))
            for atom in perAtom.prefix(atomLimit) {
                let changes = String(atom.changes).leftPadded(to: 9)
                let recomputes = recomputed ? String(atom.recomputes).leftPadded(to: 12) : ""
                let bytes = (atom.sensitive ? "redacted" : String(atom.valueBytes)).leftPadded(to: 11)
                lines.append("  \(changes)\(recomputes)   \(bytes)  \(style.cyan(QuotedText.oneLine(atom.id)))")
            }
            if perAtom.count > atomLimit {
                lines.append(style.dim("  … and \(perAtom.count - atomLimit) more (use --json for all)"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A duration in the largest unit that keeps it readable.
    static func duration(_ microseconds: Int64) -> String {
        let seconds = Double(microseconds) / 1_000_000
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 120 { return String(format: "%.1f s", seconds) }
        return String(format: "%.1f min", seconds / 60)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
