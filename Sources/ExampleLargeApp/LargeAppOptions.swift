import ExampleSupport

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
    init(arguments: [String]) throws(ExampleUsageError) {
        var rest = arguments[...]
        var path: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--atoms":
                atoms = try ExampleUsageError.wholeNumber(after: argument, rest.popFirst(), minimum: AppBlueprint.minimumAtoms)
            case "--seed":
                seed = UInt64(try ExampleUsageError.wholeNumber(after: argument, rest.popFirst(), minimum: 0))
            case "--actions":
                actions = try ExampleUsageError.wholeNumber(after: argument, rest.popFirst(), minimum: 0)
            default:
                path = try ExampleUsageError.journalPath(argument, after: path)
            }
        }
        guard let path else { throw ExampleUsageError("missing the JOURNAL path") }
        journalPath = path
    }
}
