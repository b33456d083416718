import AtomJournal
import Foundation

/// How `log`, `replay` and the REPL print steps.
public struct StepFormatter: Sendable {
    /// Colours, or none.
    public var style: TextStyle
    /// The longest value text printed in a diff line.
    public var maximumValueLength: Int

    /// Creates a formatter.
    public init(style: TextStyle, maximumValueLength: Int = 120) {
        self.style = style
        self.maximumValueLength = maximumValueLength
    }

    /// `#12 +1.234s set "label" TodosAtom at App/List.swift:22`.
    ///
    /// Every text from the journal is made one line (a newline shows as `\n`, a control
    /// character as `\u{1b}`) before it is styled, so that a name can neither break the line
    /// nor pass for one of the colour sequences the style adds.
    public func header(_ step: TimelineStep) -> String {
        header(TimelineStepSummary(step))
    }

    /// The header of a step's summary, the same as the step's.
    public func header(_ step: TimelineStepSummary) -> String {
        var line = LineBytes()
        appendHeader(step, to: &line)
        return line.text
    }

    /// One line per step for `log`: the header and the atoms it changed, and with
    /// `recomputed`, the atoms it recomputed to an equal value.
    public func logLine(_ step: TimelineStep, recomputed: Bool = false) -> String {
        logLine(TimelineStepSummary(step), recomputed: recomputed)
    }

    /// The `log` line of a step's summary, the same as the step's.
    public func logLine(_ step: TimelineStepSummary, recomputed: Bool = false) -> String {
        logLineBytes(step, recomputed: recomputed).text
    }

    /// The `log` line of a step's summary as bytes, for a caller that writes them out.
    package func logLineBytes(_ step: TimelineStepSummary, recomputed: Bool = false) -> LineBytes {
        var line = LineBytes()
        appendHeader(step, to: &line)
        let changed = step.changedAtoms
        if !changed.isEmpty {
            line += style.dim(" → ")
            Self.appendList(changed, to: &line)
        }
        if recomputed, !step.recomputed.isEmpty {
            var list = LineBytes()
            Self.appendList(step.recomputed, to: &list)
            line += style.dim(" (recomputed, unchanged: " + list.text + ")")
        }
        return line
    }

    private func appendHeader(_ step: TimelineStepSummary, to line: inout LineBytes) {
        guard style.colored else {
            // The same bytes without colours, written piece by piece: a `log` to a file or a
            // pipe writes a line per step, and the strings joined for the styles above were
            // most of a line's cost.
            Self.appendPlainOpening(number: step.number, time: step.time, operation: step.operation, label: step.label, to: &line)
            if let atom = step.causeAtom {
                line.append(ascii: UInt8(ascii: " "))
                line += QuotedText.oneLine(atom)
            }
            if let location = step.causeLocation {
                line.append(bytes: PlainPiece.at)
                line += QuotedText.oneLine(location)
            }
            return
        }
        line += style.bold("#" + String(step.number))
        line += " "
        line += style.dim(Self.offset(step.time))
        line += " "
        line += QuotedText.oneLine(step.operation)
        if let label = step.label {
            line += " "
            line += QuotedText.quoted(label)
        }
        if let atom = step.causeAtom {
            line += " "
            line += style.cyan(QuotedText.oneLine(atom))
        }
        if let location = step.causeLocation { line += style.dim(" at " + QuotedText.oneLine(location)) }
    }

    private static func appendList(_ atoms: [String], to line: inout LineBytes) {
        for (index, atom) in atoms.prefix(listedAtoms).enumerated() {
            if index > 0 {
                line.append(ascii: UInt8(ascii: ","))
                line.append(ascii: UInt8(ascii: " "))
            }
            line += QuotedText.oneLine(atom)
        }
        if atoms.count > listedAtoms { appendListTail(count: atoms.count, to: &line) }
    }

    /// The header and one indented line per change, for `replay`; with `recomputed`, a line
    /// per atom recomputed to an equal value (`= Atom recomputed, unchanged`).
    public func block(_ step: TimelineStep, diff: StateDiff, recomputed: Bool = false) -> [String] {
        var lines = [header(step)] + diff.lines(maximumValueLength: maximumValueLength).map { "    " + colored($0) }
        if recomputed {
            lines += step.recomputed.map { "    " + style.dim("= \(QuotedText.oneLine($0)) recomputed, unchanged") }
        }
        return lines
    }

    /// The line that `log` and `replay` print where a mark falls among the steps:
    /// `── mark "signed in" (after step 4) ──`, or `(before the first step)` for a mark made
    /// before any step. The label is quoted as the REPL's `marks` quotes it, so that a label
    /// with a newline stays on one line.
    public func markLine(_ mark: TimelineMark) -> String {
        let position = mark.step == 0 ? "before the first step" : "after step \(mark.step)"
        return style.yellow("── mark \(QuotedText.quoted(mark.label))") + style.dim(" (\(position))") + style.yellow(" ──")
    }

    private func colored(_ line: String) -> String {
        guard style.colored, let first = line.first else { return line }
        switch first {
        case "+": return style.green(line)
        case "-": return style.red(line)
        case "~": return style.yellow(line)
        default: return line
        }
    }

    /// Seconds since the journal started: `+1.234s`.
    ///
    /// Exactly what `String(format: "+%.3fs", Double(microseconds) / 1_000_000)` gives, without
    /// Foundation's formatter, which was a fifth of `log`'s time on a large journal: whole
    /// milliseconds, rounded as the `Double` lies (above or below a half), and a tie that the
    /// `Double` holds exactly rounded to even.
    public static func offset(_ microseconds: Int64) -> String {
        guard microseconds.magnitude <= offsetLimit else {
            return String(format: "+%.3fs", Double(microseconds) / 1_000_000)
        }
        // Written straight into the string's storage: string interpolation cost more than the
        // rest of a `log` line, and an array of the bytes first was a heap allocation per line.
        return String(unsafeUninitializedCapacity: offsetSize) { storeOffset(microseconds, into: $0) }
    }

    /// The largest magnitude, in microseconds, that `storeOffset` writes: beyond it the
    /// `Double` no longer holds every microsecond.
    static let offsetLimit: UInt64 = 1 << 53

    /// The most bytes `storeOffset` writes: a sign, 13 digits (2^53 µs is under 10^13 s), the
    /// point, three digits and the `s`, and the `+`.
    static let offsetSize = 24

    /// Writes `offset(microseconds)` into `text`, which has room for `offsetSize` bytes, for
    /// a magnitude up to `offsetLimit`; returns how many bytes it wrote.
    static func storeOffset(_ microseconds: Int64, into text: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let magnitude = microseconds.magnitude
        var milliseconds = magnitude / 1000
        switch magnitude % 1000 {
        case 0..<500:
            break
        case 501...:
            milliseconds += 1
        default:
            // How the Double lies against the exact half: the sign of d·10⁶ − µs, computed
            // with one rounding, is the sign of the exact difference.
            let seconds = Double(magnitude) / 1_000_000
            let difference = (-Double(magnitude)).addingProduct(seconds, 1_000_000)
            if difference > 0 || (difference == 0 && milliseconds % 2 == 1) { milliseconds += 1 }
        }
        let whole = milliseconds / 1000
        let fraction = milliseconds % 1000
        var count = 0
        func put(_ byte: UInt8) {
            text[count] = byte
            count += 1
        }
        put(UInt8(ascii: "+"))
        if microseconds < 0 { put(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        while divisor <= whole / 10 { divisor *= 10 }
        repeat {
            put(UInt8(ascii: "0") + UInt8(whole / divisor % 10))
            divisor /= 10
        } while divisor > 0
        put(UInt8(ascii: "."))
        put(UInt8(ascii: "0") + UInt8(fraction / 100))
        put(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        put(UInt8(ascii: "0") + UInt8(fraction % 10))
        put(UInt8(ascii: "s"))
        return count
    }
}

/// One line of `atomscope log --json`; the schema is in docs/CLI-JSON.md.
public struct LogEntry: Sendable, Encodable, Equatable {
    /// The step number (1-based).
    public var step: Int
    /// The store's commit number.
    public var commit: Int
    /// Microseconds since the journal started.
    public var timeMicroseconds: Int64
    /// The wall-clock time, ISO 8601, when the journal knows its start.
    public var date: String?
    /// The operation.
    public var operation: String
    /// The atom the operation targeted.
    public var causeAtom: String?
    /// Where the operation was called.
    public var causeLocation: String?
    /// The batch label.
    public var label: String?
    /// Atoms initialized, updated or released, sorted.
    public var changed: [String]
    /// Atoms recomputed, or set, to an equal value, sorted (not changes).
    public var recomputed: [String]

    /// Makes the entry for a step.
    public init(_ step: TimelineStep) {
        self.init(TimelineStepSummary(step))
    }

    /// The line of a step's summary, the same as the step's.
    public init(_ step: TimelineStepSummary) {
        self.step = step.number
        commit = step.commit
        timeMicroseconds = step.time
        date = step.date?.formatted(.iso8601)
        operation = step.operation
        causeAtom = step.causeAtom
        causeLocation = step.causeLocation
        label = step.label
        changed = step.changedAtoms
        recomputed = step.recomputed
    }
}

/// A mark's line in `atomscope log --json`: a shape of its own, told from a step's line by
/// its `mark` key (a step's line has `step` instead). The schema is in docs/CLI-JSON.md.
public struct LogMarkEntry: Sendable, Encodable, Equatable {
    /// The mark's label.
    public var mark: String
    /// The step the mark follows: the state then is the state after this step (0 for a mark
    /// before the first step).
    public var afterStep: Int
    /// The store's last commit before the mark.
    public var commit: Int
    /// Microseconds since the journal started.
    public var timeMicroseconds: Int64
    /// The wall-clock time, ISO 8601, when the journal knows its start.
    public var date: String?

    /// Makes the entry for a mark.
    public init(_ mark: TimelineMark) {
        self.mark = mark.label
        afterStep = mark.step
        commit = mark.commit
        timeMicroseconds = mark.time
        date = mark.date?.formatted(.iso8601)
    }
}
