/// The command line: `ExampleLargeApp JOURNAL [--atoms N] [--seed S] [--actions K]`.
struct LargeAppOptions {
    static let usage = """
        usage: ExampleLargeApp JOURNAL [--atoms N] [--seed S] [--actions K]
          JOURNAL      where to record the session (replaced if it exists)
          --atoms N    how many atoms the app has, screens not counted (default 1000, at least \(AppBlueprint.minimumAtoms))
          --seed S     which app of that size: the same seed records the same graph (default 1)
          --actions K  how many user actions follow the screens' first watches (default 100)
        """

    var journalPath = ""
    var atoms = 1_000
    var seed: UInt64 = 1
    var actions = 100

    /// Parses the arguments after the program name; the error is a one-line message.
    init(arguments: [String]) throws(LargeAppOptionsError) {
        var rest = arguments[...]
        var path: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--atoms":
                atoms = try Self.number(after: argument, rest.popFirst(), minimum: AppBlueprint.minimumAtoms)
            case "--seed":
                seed = UInt64(try Self.number(after: argument, rest.popFirst(), minimum: 0))
            case "--actions":
                actions = try Self.number(after: argument, rest.popFirst(), minimum: 0)
            default:
                guard !argument.hasPrefix("-") else { throw LargeAppOptionsError("unknown option '\(argument)'") }
                guard path == nil else { throw LargeAppOptionsError("more than one journal path ('\(path ?? "")' and '\(argument)')") }
                path = argument
            }
        }
        guard let path else { throw LargeAppOptionsError("missing the JOURNAL path") }
        journalPath = path
    }

    private static func number(after option: String, _ text: String?, minimum: Int) throws(LargeAppOptionsError) -> Int {
        guard let text, let value = Int(text), value >= minimum else {
            throw LargeAppOptionsError("\(option) needs a whole number of at least \(minimum)")
        }
        return value
    }
}

struct LargeAppOptionsError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
