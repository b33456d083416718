import Foundation
import Testing

/// One command whose whole output is compared with a golden file in `Expected/`.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    /// The golden's name: `Golden.<name>` in `Expected/<name>.swift`.
    var name: String
    var expected: String
    var arguments: [String]

    var testDescription: String { "atomscope " + arguments.joined(separator: " ") }

    static let all = [
        GoldenCase(name: "todoLog", expected: Golden.todoLog, arguments: ["log", Repo.todo]),
        GoldenCase(name: "todoLogJSON", expected: Golden.todoLogJSON, arguments: ["log", Repo.todo, "--json"]),
        GoldenCase(name: "todoLogFilterAtom", expected: Golden.todoLogFilterAtom, arguments: ["log", Repo.todo, "--atom", "FilterAtom"]),
        GoldenCase(name: "todoDiff3to8", expected: Golden.todoDiff3to8, arguments: ["diff", Repo.todo, "3", "8"]),
        GoldenCase(name: "todoDiff3to8JSON", expected: Golden.todoDiff3to8JSON, arguments: ["diff", Repo.todo, "3", "8", "--json"]),
        GoldenCase(name: "todoDiff7to8", expected: Golden.todoDiff7to8, arguments: ["diff", Repo.todo, "7", "8"]),
        GoldenCase(name: "todoDiff7to8JSON", expected: Golden.todoDiff7to8JSON, arguments: ["diff", Repo.todo, "7", "8", "--json"]),
        GoldenCase(name: "todoStat", expected: Golden.todoStat, arguments: ["stat", Repo.todo]),
        GoldenCase(name: "todoStatJSON", expected: Golden.todoStatJSON, arguments: ["stat", Repo.todo, "--json"]),
        GoldenCase(name: "searchLogSearchAtom", expected: Golden.searchLogSearchAtom, arguments: ["log", Repo.search, "--atom", "SearchAtom"]),
        GoldenCase(name: "searchReplay", expected: Golden.searchReplay, arguments: ["replay", Repo.search]),
    ]
}

/// Expected outputs of `log`, `diff` and `stat` on the todo fixture, text and `--json`, and of
/// `log --atom` and `replay` on the async search fixture.
/// The binary runs from the repository root with relative paths, so the paths it prints are
/// stable; the journal's start time and process id are part of the fixture. After an
/// intended change of output, `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`
/// rewrites the files (see `Support/Golden.swift`).
@Suite("Golden outputs")
struct GoldenOutputTests {
    @Test(arguments: GoldenCase.all)
    func outputMatchesGolden(_ golden: GoldenCase) throws {
        let result = try CLI.run(golden.arguments)
        expectSuccess(result)
        try Golden.check(result.out, expected: golden.expected, name: golden.name, command: golden.testDescription)
    }
}
