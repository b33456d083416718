import Foundation
import Testing

/// The ExampleLargeApp binary, built next to `atomscope` (the test target depends on both).
private func largeAppBinary() throws -> URL {
    try CLI.binary.get().deletingLastPathComponent().appendingPathComponent("ExampleLargeApp")
}

/// Records a session of ExampleLargeApp with `atoms` atoms into `folder`; returns its path.
private func recordLargeApp(atoms: Int, seed: Int = 1, in folder: TemporaryDirectory, name: String = "app.journal") throws -> String {
    let journal = folder.file(name).path
    let result = try runProgram(try largeAppBinary(), [journal, "--atoms", String(atoms), "--seed", String(seed), "--actions", "20"])
    #expect(result.status == 0, "\(result)")
    return journal
}

/// The journals of a large app's shape that the layout benchmarks measure: every atom the
/// app plans is in the drawn graph, the same seed draws the same graph, and the SVG is whole.
@Suite("Large app graphs")
struct LargeAppGraphTests {
    @Test func aTwoHundredAtomAppDrawsEveryAtomAndScreen() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let journal = try recordLargeApp(atoms: 200, in: folder)
        let atoms = try stateAtomIDs(journal, step: try lastStep(journal))
        // Exactly the planned atoms (a fetch task and its phase count as two).
        #expect(atoms.count == 200)

        let result = try CLI.run(["graph", journal, "--svg"])
        expectSuccess(result)
        let svg = try parseSVG(result.stdout)
        expectInert(svg, raw: result.stdout)
        for atom in atoms {
            #expect(svg.titles.contains(atom), "\(atom) is not a node of the SVG")
        }
        let nodes = result.out.components(separatedBy: "<g id=\"node").count - 1
        #expect(nodes > 200, "the screens are nodes too")
    }

    @Test func theSameSeedDrawsTheSameGraphAndAnotherSeedAnother() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try recordLargeApp(atoms: 150, seed: 7, in: folder, name: "a.journal")
        let again = try recordLargeApp(atoms: 150, seed: 7, in: folder, name: "b.journal")
        let other = try recordLargeApp(atoms: 150, seed: 8, in: folder, name: "c.journal")
        let dots = try [first, again, other].map { journal in
            let result = try CLI.run(["graph", journal, "--dot"])
            expectSuccess(result)
            return result.out
        }
        #expect(dots[0] == dots[1])
        #expect(dots[0] != dots[2])
    }

    private func lastStep(_ journal: String) throws -> Int {
        let result = try CLI.run(["stat", journal, "--json"])
        expectSuccess(result)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(object["steps"] as? Int)
    }
}
