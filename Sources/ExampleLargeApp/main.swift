import AtomJournal
import Atoms
import ExampleSupport
import Foundation

// An app of many atoms with the shape of a real one (hubs, feature modules, layers of derived
// atoms, pipelines, screens; see AppBlueprint), drawn from a seed, that records its session:
// the screens appear, the fetches finish, the user acts. Its journals are what `atomscope
// graph` meets in a large app:
//
//     ExampleLargeApp app.journal --atoms 5000
//     atomscope graph app.journal -o app.svg

let tool = ExampleTool(name: "ExampleLargeApp")
let options = tool.options(from: Array(CommandLine.arguments.dropFirst()), usage: LargeAppOptions.usage) {
    arguments throws(ExampleUsageError) in try LargeAppOptions(arguments: arguments)
}

@MainActor
func record(_ options: LargeAppOptions) async {
    let blueprint = AppBlueprint(atoms: options.atoms, seed: options.seed)
    LargeApp.blueprint = blueprint
    let root = AtomRoot()
    let recorder: JournalRecorder
    do {
        // Recorded again and again by benchmarks, over the previous journal.
        recorder = try JournalRecorder(
            root: root, url: URL(filePath: options.journalPath),
            options: JournalRecorderOptions(flushPolicy: .never, metadata: ["app": "ExampleLargeApp"], replaceExisting: true)
        )
    } catch {
        tool.fail("\(error)")
    }

    var session = LargeAppSession(root: root, blueprint: blueprint, seed: options.seed)
    session.openScreens()
    await session.finishFetches()
    recorder.mark("screens open")
    session.act(options.actions)
    // Closed while the screens still watch, so the last step holds the whole graph.
    tool.close(recorder)
    print("recorded \(recorder.stepsWritten) steps of \(blueprint.atomCount) atoms and \(session.screens.count) screens to \(options.journalPath)")
}

await record(options)
