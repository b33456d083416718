/// Text from users and files (atom queries, mark labels) shown inside a line of output: in
/// double quotes, with quotes, backslashes and control characters escaped, so that a label
/// holding a newline cannot break the one-line shape of an error or a log line.
enum QuotedText {
    static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 || scalar.value == 0x7F ? TerminalText.visible(scalar) : String(scalar)
            }
        }.joined() + "\""
    }
}
