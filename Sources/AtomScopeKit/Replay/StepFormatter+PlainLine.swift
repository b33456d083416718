/// The pieces of a step's line without colours that both writers of it share: the formatter
/// (`log`, `replay` and the REPL, from a summary) and ``LogLineWriter`` (`log`, from a skim of
/// the step), which must write the same bytes.
extension StepFormatter {
    /// How many atoms a line names before it says how many there are.
    static let listedAtoms = 6

    /// `#12 +1.234s set "label"`: a line's start, up to the cause.
    static func appendPlainOpening(number: Int, time: Int64, operation: String, label: String?, to line: inout LineBytes) {
        line.append(ascii: UInt8(ascii: "#"))
        line.append(decimal: number)
        line.append(ascii: UInt8(ascii: " "))
        line.append(offset: time)
        line.append(ascii: UInt8(ascii: " "))
        line += QuotedText.oneLine(operation)
        if let label {
            line.append(bytes: PlainPiece.openQuote)
            line += QuotedText.oneLine(label, quoting: true)
            line.append(ascii: UInt8(ascii: "\""))
        }
    }

    /// `, … (9 atoms)`, after the first ``listedAtoms`` of a list of `count`.
    static func appendListTail(count: Int, to line: inout LineBytes) {
        line.append(bytes: PlainPiece.moreOpening)
        line.append(decimal: count)
        line.append(bytes: PlainPiece.moreClosing)
    }

    /// The fixed pieces of a line as bytes: a `String` piece cost a copy of its bytes and a
    /// release.
    enum PlainPiece {
        static let openQuote = Array(" \"".utf8)
        static let at = Array(" at ".utf8)
        static let arrow = Array(" → ".utf8)
        static let recomputedOpening = Array(" (recomputed, unchanged: ".utf8)
        static let moreOpening = Array(", … (".utf8)
        static let moreClosing = Array(" atoms)".utf8)
    }
}
