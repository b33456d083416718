// A fixed workload to count the instructions a JournalRecorder adds per commit, with callgrind
// (scripts/recorder-hot-path): the kairo "deep" shape (a source and a chain of 50 derived
// atoms, so 51 values change per commit) with one subscriber on the leaf, written COMMITS
// times, with a recorder under the default policy (`on`) or without one (`off`). DEPTH
// (default 50) sets the chain's length, so that two depths split the recorder's cost into
// what a commit costs and what each changed value adds.
//
// Usage: RecorderHotPath on|off COMMITS [JOURNAL [DEPTH]]
// The per-commit figure is the difference of two runs of each side with different COMMITS
// divided by the difference of COMMITS, which cancels the fixed costs (process start, the
// store's first computation, creating and closing the journal).

import AtomJournal
import Atoms
import Foundation

struct Source: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

struct ChainNode: ValueAtom, Hashable {
    let index: Int
    func value(context: Context) -> Int {
        (index == 0 ? context.watch(Source()) : context.watch(ChainNode(index: index - 1))) + 1
    }
}

@MainActor
func run(_ arguments: [String]) -> Int32 {
    let depth = arguments.count > 4 ? Int(arguments[4]) : 50
    guard arguments.count >= 3, ["on", "off"].contains(arguments[1]), let commits = Int(arguments[2]), commits >= 0,
          let depth, (1...10_000).contains(depth)
    else {
        FileHandle.standardError.write(Data("usage: RecorderHotPath on|off COMMITS [JOURNAL [DEPTH 1...10000]]\n".utf8))
        return 2
    }
    let root = AtomRoot()
    var recorder: JournalRecorder?
    if arguments[1] == "on" {
        let path = arguments.count > 3 ? arguments[3] : NSTemporaryDirectory() + "recorder-hot-path-\(getpid()).journal"
        do {
            recorder = try JournalRecorder(root: root, url: URL(filePath: path), options: JournalRecorderOptions(replaceExisting: true))
        } catch {
            FileHandle.standardError.write(Data("RecorderHotPath: \(error)\n".utf8))
            return 1
        }
    }
    let view = root.context()
    var updates = 0
    view.onUpdate = { updates += 1 }
    _ = view.watch(ChainNode(index: depth - 1))
    let writer = root.context()
    for value in 0..<commits {
        writer.set(value + 1, for: Source())
    }
    let steps = recorder?.stepsWritten
    if let recorder {
        do {
            try recorder.close()
            try? FileManager.default.removeItem(atPath: recorder.writer.path)
        } catch {
            FileHandle.standardError.write(Data("RecorderHotPath: \(error)\n".utf8))
            return 1
        }
    }
    guard view.read(ChainNode(index: depth - 1)) == commits + depth, updates == commits, steps == nil || steps == commits + 1 else {
        print("RecorderHotPath: wrong values (leaf \(view.read(ChainNode(index: depth - 1))), updates \(updates), steps \(String(describing: steps)))")
        return 1
    }
    print("RecorderHotPath: \(arguments[1]), \(commits) commits, values checked")
    return 0
}

exit(MainActor.assumeIsolated { run(CommandLine.arguments) })
