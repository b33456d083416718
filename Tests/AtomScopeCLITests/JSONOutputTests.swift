import Foundation
import Testing

/// `--json` output parses, has the documented fields (docs/CLI-JSON.md), and agrees with
/// the text output.
@Suite("JSON output")
struct JSONOutputTests {
    @Test(arguments: Repo.goodFixtures + ["fixtures/damaged/torn-tail.journal", "fixtures/damaged/header-only.journal"])
    func statJSON(fixture: String) throws {
        let result = try CLI.run(["stat", fixture, "--json"])
        expectNoCrash(result)
        #expect(result.status == 0, "\(result)")
        // Only a torn tail is noted on stderr; stdout stays pure JSON either way.
        #expect(result.errLines.count == (fixture.contains("torn") ? 1 : 0), "\(result)")
        let json = try jsonObject(result.out)
        #expect(json["path"] as? String == fixture)
        for key in ["steps", "atoms", "keyframes", "marks", "fileBytes", "spanMicroseconds", "processID", "unknownRecords"] {
            #expect(json[key] is Int, "\(key) is not an integer: \(String(describing: json[key]))")
        }
        for key in ["formatVersion", "app", "started", "ending"] {
            #expect(json[key] is String, "\(key) is not a string")
        }
        #expect(["closed", "open", "torn"].contains(json["ending"] as? String ?? ""))
        let perAtom = try #require(json["perAtom"] as? [[String: Any]])
        #expect(perAtom.count == json["atoms"] as? Int)
        for atom in perAtom {
            #expect(atom["id"] is String)
            #expect(atom["changes"] is Int)
            #expect(atom["valueBytes"] is Int)
            #expect(atom["sensitive"] is Bool)
            // An open set ("state", "value", "modified", …): a non-empty string.
            #expect((atom["kind"] as? String)?.isEmpty == false, "kind \(String(describing: atom["kind"]))")
        }
        let torn = json["ending"] as? String == "torn"
        #expect((json["tornTailOffset"] != nil) == torn)
        #expect((json["tornTailBytes"] != nil) == torn)
    }

    @Test(arguments: Repo.goodFixtures)
    func logJSONIsOneObjectPerLine(fixture: String) throws {
        let result = try CLI.run(["log", fixture, "--json"])
        expectSuccess(result)
        let text = try CLI.run(["log", fixture])
        #expect(result.outLines.count == text.outLines.count)
        var previousStep = 0
        for line in result.outLines {
            #expect(!line.isEmpty)
            let object = try jsonObject(line)
            if let mark = object["mark"] {
                // A mark's line: its own shape, after the step it follows.
                #expect(mark is String)
                #expect(object["afterStep"] as? Int == previousStep)
                #expect(object["commit"] is Int)
                #expect(object["timeMicroseconds"] is Int)
                #expect(object["step"] == nil && object["operation"] == nil)
                continue
            }
            let index = previousStep
            previousStep += 1
            #expect(object["step"] as? Int == index + 1)
            #expect(object["commit"] is Int)
            #expect(object["timeMicroseconds"] is Int)
            #expect(object["date"] is String)
            #expect(object["operation"] is String)
            let changed = try #require(object["changed"] as? [String], "line \(index + 1): \(line)")
            #expect(changed == changed.sorted())
            if let cause = object["causeAtom"] { #expect(cause is String) }
            if let location = object["causeLocation"] { #expect(location is String) }
            if let label = object["label"] { #expect(label is String) }
        }
    }

    @Test func logJSONWithAtomFilter() throws {
        let result = try CLI.run(["log", Repo.todo, "--atom", "FilterAtom", "--json"])
        expectSuccess(result)
        let steps = try result.jsonStepLines.map { try jsonObject($0)["step"] as? Int }
        #expect(steps == [1, 9, 11, 14])
        for line in result.jsonStepLines {
            #expect((try jsonObject(line)["changed"] as? [String])?.contains("FilterAtom") == true)
        }
    }

    @Test func logJSONLabelsBatches() throws {
        let result = try CLI.run(["log", Repo.todo, "--json"])
        let step5 = try jsonObject(result.jsonStepLines[4])
        #expect(step5["label"] as? String == "add todo")
        #expect(step5["operation"] as? String == "batch")
    }

    @Test(arguments: [(0, 14), (3, 8), (7, 8), (8, 3), (5, 5), (0, 1)])
    func diffJSON(from: Int, to: Int) throws {
        let result = try CLI.run(["diff", Repo.todo, String(from), String(to), "--json"])
        expectSuccess(result)
        let json = try jsonObject(result.out)
        #expect(json["from"] as? Int == from)
        #expect(json["to"] as? Int == to)
        for key in ["atomsAdded", "atomsRemoved", "valuesChanged", "edgesAdded", "edgesRemoved", "subscriptionsAdded", "subscriptionsRemoved"] {
            #expect(json[key] is [Any], "\(key) is missing or not an array")
        }
        for change in json["valuesChanged"] as? [[String: Any]] ?? [] {
            #expect(change["atom"] is String)
            for item in change["changes"] as? [[String: Any]] ?? [] {
                #expect(item["path"] is String)
                #expect(["added", "removed", "changed"].contains(item["kind"] as? String ?? ""), "kind \(String(describing: item["kind"]))")
            }
        }
        let lists = ["atomsAdded", "atomsRemoved", "valuesChanged", "edgesAdded", "edgesRemoved", "subscriptionsAdded", "subscriptionsRemoved"]
        let total = lists.reduce(0) { $0 + ((json[$1] as? [Any])?.count ?? 0) }
        #expect((total == 0) == (from == to), "\(total) differences between \(from) and \(to)")
    }

    @Test func diffJSONShowsPaths() throws {
        let json = try jsonObject(try CLI.run(["diff", Repo.todo, "7", "8", "--json"]).out)
        let values = try #require(json["valuesChanged"] as? [[String: Any]])
        let todos = try #require(values.first { $0["atom"] as? String == "TodosAtom" })
        let changes = try #require(todos["changes"] as? [[String: Any]])
        let change = try #require(changes.first)
        #expect(change["path"] as? String == "[0].isCompleted")
        #expect(change["kind"] as? String == "changed")
        #expect((change["before"] as? [String: Any])?["json"] as? Bool == false)
        #expect((change["after"] as? [String: Any])?["json"] as? Bool == true)
        #expect((change["after"] as? [String: Any])?["kind"] as? String == "json")
    }

    @Test func restorePrintsJSON() throws {
        let json = try jsonObject(try CLI.run(["restore", Repo.todo, "--step", "8"]).out)
        #expect(json["format"] as? String == "atomscope-state")
        #expect(json["version"] as? String == "1.0")
        #expect(json["atoms"] is [String: Any])
    }
}
