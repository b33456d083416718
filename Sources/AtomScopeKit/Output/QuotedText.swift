/// Text from users and files (atom queries, mark labels, values recorded as descriptions)
/// shown inside a line of output, so that text holding a newline cannot break the one-line
/// shape of an error, a log line or a diff.
enum QuotedText {
    /// In double quotes, with quotes and backslashes escaped too, so that where the text ends
    /// stays clear.
    static func quoted(_ text: String) -> String {
        "\"" + oneLine(text, quoting: true) + "\""
    }

    /// Newline, carriage return and tab as `\n`, `\r` and `\t`, every other C0 control and DEL
    /// as a visible escape (`\u{1b}`); with `quoting`, quotes and backslashes as `\"` and `\\`.
    static func oneLine(_ text: String, quoting: Bool = false) -> String {
        // Most names are printable ASCII: its bytes say so without decoding a scalar.
        if TerminalText.allBytes(of: text, satisfy: { $0 >= 0x20 && $0 < 0x7F && !(quoting && ($0 == 0x22 || $0 == 0x5C)) }) {
            return text
        }
        guard text.unicodeScalars.contains(where: { isControl($0) || (quoting && ($0 == "\"" || $0 == "\\")) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quoting: result.append(contentsOf: #"\""#.unicodeScalars)
            case "\\" where quoting: result.append(contentsOf: #"\\"#.unicodeScalars)
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
            default:
                if isControl(scalar) {
                    result.append(contentsOf: TerminalText.visible(scalar).unicodeScalars)
                } else {
                    result.append(scalar)
                }
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}
