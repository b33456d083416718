import AtomJournal
import AtomScopeKit
import Atoms
import Foundation
import Testing

@Suite("Timeline: state files and cut journals")
struct TimelineExportTests {
    @Test("a state file holds the state's values", arguments: TimelineFixtures.good)
    func stateFile(url: URL) throws {
        let timeline = try Timeline(url: url)
        for step in timeline.stateRange {
            let state = try timeline.state(at: step)
            let file = try timeline.stateFile(at: step)
            var expected: [AtomID: AtomStateEntry] = [:]
            for (id, value) in state.values {
                switch value {
                case .json(let text): expected[AtomID(id)] = .value(try JSONFragment(jsonText: text))
                case .text(let text): expected[AtomID(id)] = .displayOnly(text)
                case .redacted: expected[AtomID(id)] = .redacted
                case .absent: break
                }
            }
            #expect(file.entries == expected, "step \(step)")
            #expect(file.provenance?.journal == timeline.path)
            #expect(file.provenance?.step == step)
            #expect(file.provenance?.commit == state.commit)
            #expect(file.provenance?.time == state.date)
        }
    }

    @Test("a state file survives writing and reading")
    func stateFileRoundTrip() throws {
        let timeline = try Timeline(url: TimelineFixtures.todo)
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try timeline.stateFile(at: 8)
        let url = folder.appending(path: "state.json")
        try file.write(to: url)
        let read = try AtomStateFile.read(from: url)
        #expect(read.entries == file.entries)
        #expect(read.provenance?.step == 8)
        // The step's time, in whole microseconds, comes back exactly, and so do the bytes.
        #expect(read.provenance?.time == (try timeline.state(at: 8).date))
        #expect(read.jsonData() == file.jsonData())
        #expect(read.entries["SessionTokenAtom"] == .redacted)
        #expect(read.entries["ProgressAtom"] == .displayOnly("1 of 3 (33%)"))
        // The JSON values are the state's, exactly.
        let todos = try #require(read.entries["TodosAtom"])
        guard case .value(let fragment) = todos, case .json(let text)? = try timeline.state(at: 8).values["TodosAtom"] else {
            Issue.record("TodosAtom is not JSON")
            return
        }
        #expect(fragment.jsonText == text)
    }

    @Test("a journal cut at a step replays to the same states", arguments: [
        (TimelineFixtures.counter, [0, 1, 3, 49, 50, 51, 173, 300, 304]),
        (TimelineFixtures.todo, [0, 4, 7, 11, 14]),
    ])
    func journalCut(url: URL, cuts: [Int]) throws {
        let timeline = try Timeline(url: url)
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for cut in cuts {
            let output = folder.appending(path: "cut-\(cut).journal")
            try timeline.writeJournal(upTo: cut, to: output)
            let copy = try Timeline(url: output)
            #expect(copy.stepCount == cut)
            #expect(copy.ending == .closed)
            #expect(copy.header.metadata[Timeline.cutMetadataKey] == String(cut))
            #expect(copy.header.startTime == timeline.header.startTime)
            #expect(copy.marks == timeline.marks.filter { $0.step <= cut })
            #expect(copy.keyframeSteps == timeline.keyframeSteps.filter { $0 <= cut })
            for step in 0...cut {
                #expect(try copy.state(at: step) == timeline.state(at: step), "cut \(cut), step \(step)")
            }
            for step in stride(from: 1, through: cut, by: max(1, cut / 10)) {
                #expect(try copy.step(step) == timeline.step(step))
            }
            for id in copy.atomIDs {
                #expect(copy.changes(of: id) == timeline.changes(of: id).filter { $0 <= cut })
                #expect(copy.atom(id) == timeline.atom(id))
            }
            #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int == 0o600)
        }
        #expect(throws: AtomScopeError.stepOutOfRange(path: timeline.path, step: timeline.stepCount + 1, valid: timeline.stateRange)) {
            try timeline.writeJournal(upTo: timeline.stepCount + 1, to: folder.appending(path: "never.journal"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "never.journal").path))
    }

    /// As the recorder writes them: a definition comes just before the first record that
    /// refers to it (so the cut is written in one pass over the steps), and only once.
    @Test("a cut defines each atom, subscriber and location once, just before its first use", arguments: [
        (TimelineFixtures.counter, 304), (TimelineFixtures.todo, 14), (TimelineFixtures.todo, 7),
    ])
    func cutDefinitionsComeBeforeFirstUse(url: URL, cut: Int) throws {
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appending(path: "cut.journal")
        try Timeline(url: url).writeJournal(upTo: cut, to: output)
        let records = try JournalReader(url: output).readAll().records
        var pending: [String] = []
        var defined = Set<String>()
        var laterSteps = 0
        for record in records {
            let name: String?
            switch record {
            case .atomDefinition(let definition): name = "atom \(definition.number)"
            case .subscriberDefinition(let definition): name = "subscriber \(definition.number)"
            case .locationDefinition(let definition): name = "location \(definition.number)"
            default: name = nil
            }
            if let name {
                #expect(defined.insert(name).inserted, "\(name) defined twice")
                pending.append(name)
                continue
            }
            var used = Set<String>()
            switch record {
            case .step(let step):
                laterSteps += 1
                used.formUnion((step.initialized + step.updated).map { "atom \($0.atom)" })
                used.formUnion((step.released + step.recomputed + [step.causeAtom].compactMap { $0 }).map { "atom \($0)" })
                used.formUnion((step.edgesAdded + step.edgesRemoved).flatMap { ["atom \($0.upstream)", "atom \($0.downstream)"] })
                used.formUnion((step.subscriptionsAdded + step.subscriptionsRemoved).flatMap { ["atom \($0.atom)", "subscriber \($0.subscriber)"] })
                if let location = step.causeLocation { used.insert("location \(location)") }
            case .keyframe(let keyframe):
                used.formUnion(keyframe.atoms.map { "atom \($0.atom)" })
                used.formUnion(keyframe.edges.flatMap { ["atom \($0.upstream)", "atom \($0.downstream)"] })
                used.formUnion(keyframe.subscriptions.flatMap { ["atom \($0.atom)", "subscriber \($0.subscriber)"] })
            default:
                break
            }
            #expect(used.isSubset(of: defined), "\(used.subtracting(defined).sorted()) used before being defined")
            #expect(Set(pending).isSubset(of: used), "\(Set(pending).subtracting(used).sorted()) defined before a record that does not use them")
            pending.removeAll()
        }
        #expect(laterSteps == cut)
        #expect(pending.isEmpty)
    }

    @Test("a journal can be cut in place")
    func cutInPlace() throws {
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "counter.journal")
        try FileManager.default.copyItem(at: TimelineFixtures.counter, to: url)
        let timeline = try Timeline(url: url)
        let expected = try timeline.state(at: 120)
        try timeline.writeJournal(upTo: 120, to: url)
        let cut = try Timeline(url: url)
        #expect(cut.stepCount == 120)
        #expect(try cut.state(at: 120) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["counter.journal"])
    }

    @Test("a link planted at the temporary name a process id predicts is not followed, and the cut is a new 0600 file")
    func plantedLinkIsNotFollowed() throws {
        let folder = try TimelineFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appending(path: "victim")
        try Data("victim".utf8).write(to: victim)
        // The name the cut once wrote through: `.NAME.PID.partial`, PID being this process.
        let predictable = folder.appending(path: ".cut.journal.\(ProcessInfo.processInfo.processIdentifier).partial")
        try FileManager.default.createSymbolicLink(at: predictable, withDestinationURL: victim)
        let url = folder.appending(path: "cut.journal")
        try Timeline(url: TimelineFixtures.todo).writeJournal(upTo: 3, to: url)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: predictable.path) == victim.path)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try Timeline(url: url).stepCount == 3)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["victim", "cut.journal", predictable.lastPathComponent])
    }

    @Test("writing into a missing folder is a write error")
    func unwritable() throws {
        let timeline = try Timeline(url: TimelineFixtures.todo)
        let url = URL(filePath: "/nonexistent-folder-\(UUID().uuidString)/cut.journal")
        #expect {
            try timeline.writeJournal(upTo: 3, to: url)
        } throws: { error in
            guard case AtomScopeError.cannotWrite(let path, _) = error else { return false }
            return path == url.path
        }
    }
}
