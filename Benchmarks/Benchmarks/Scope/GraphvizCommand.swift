// Graphviz's own binaries (`dot`, `sfdp`) as a user's shell runs them: the baselines the
// rendering benchmarks measure atomscope against.

import AtomScopeRender
import BenchmarkSupport
import Foundation

/// Runs a Graphviz command-line engine on DOT text, as a user's shell pipeline would.
enum GraphvizCommand {
    /// The binary for an engine, found on PATH.
    static func executable(for layout: GraphLayout) -> URL {
        ChildRun.onPath(layout.rawValue)
    }

    /// `engine -Gname=value… -Tsvg` with `dot` on stdin; returns stdout. The attributes are the
    /// ones atomscope's layout plan sets, so that both sides do the same work. Fails the run on
    /// a non-zero exit.
    static func svg(_ executable: URL, dot: Data, attributes: [String: String] = [:]) -> Data {
        let options = attributes.sorted { $0.key < $1.key }.map { "-G\($0.key)=\($0.value)" }
        let run = ChildRun.run(executable, options + ["-Tsvg"], input: dot)
        check(run.status == 0,
              "\(executable.path) -Tsvg exited \(run.status): \(String(decoding: run.errors, as: UTF8.self))")
        return run.output
    }
}
