// Realistic atom graphs for the rendering benchmarks, built with GraphModel and turned into
// DOT with GraphStyle, as `atomscope graph` does: a few writable sources (5%), layers of
// derived atoms (85%, one in ten asynchronous) each watching 1–3 upstreams (the first in the
// layer just above, the others mostly there and sometimes further up), and subscribers (10%,
// views named `File.swift:line`) watching 1–3 atoms, mostly from the last layers. About one
// atom in twenty is marked as changed at the drawn step. Seeded, so every run draws the same
// graph.

import BenchmarkSupport
import AtomScopeKit
import Foundation

enum AtomGraph {
    private static let sourceNames = ["Session", "Settings", "Todos", "Filter", "Query", "User", "Cart", "Route"]
    private static let derivedNames = ["Filtered", "Sorted", "Stats", "Visible", "Summary", "Badge", "Grouped", "Search"]
    private static let viewNames = ["TodoList", "Header", "Footer", "Row", "Badge", "Sidebar", "Detail", "Toolbar"]

    /// A graph of exactly `total` nodes (atoms and subscribers).
    static func model(nodes total: Int, seed: UInt64 = 0xA70_6AF) -> GraphModel {
        precondition(total >= 4)
        var generator = SplitMix64(seed: seed &+ UInt64(total))
        let subscriberCount = max(1, total / 10)
        let sourceCount = max(2, total / 20)
        let derivedCount = total - subscriberCount - sourceCount
        let layerCount = min(8, max(2, Int(Double(derivedCount).squareRoot() / 2)))

        var nodes: [GraphModel.Node] = []
        var edges: [GraphModel.Edge] = []
        var layers: [[String]] = [[]]
        func changed() -> Bool { Int.random(in: 0..<20, using: &generator) == 0 }

        for index in 0..<sourceCount {
            let id = "\(sourceNames[index % sourceNames.count])Atom(id: \(index))"
            nodes.append(GraphModel.Node(id: id, kind: .state, changed: changed()))
            layers[0].append(id)
        }
        for layer in 1...layerCount {
            let size = derivedCount / layerCount + (layer <= derivedCount % layerCount ? 1 : 0)
            var ids: [String] = []
            for _ in 0..<size {
                let number = nodes.count
                let id = "\(derivedNames[number % derivedNames.count])Atom(id: \(number))"
                let kind: GraphModel.Kind = Int.random(in: 0..<10, using: &generator) == 0 ? .async : .value
                nodes.append(GraphModel.Node(id: id, kind: kind, changed: changed()))
                var upstreams: Set<String> = [layers[layer - 1].randomElement(using: &generator)!]
                let wanted = Int.random(in: 1...3, using: &generator)
                var attempts = 0
                while upstreams.count < wanted, attempts < 10 {
                    attempts += 1
                    let from = Int.random(in: 0..<10, using: &generator) < 7 ? layer - 1 : Int.random(in: 0..<layer, using: &generator)
                    upstreams.insert(layers[from].randomElement(using: &generator)!)
                }
                for upstream in upstreams.sorted() {
                    edges.append(GraphModel.Edge(from: upstream, to: id))
                }
                ids.append(id)
            }
            layers.append(ids)
        }
        let lastLayers = layers[max(1, layers.count - 2)...].flatMap { $0 }
        let allAtoms = layers.flatMap { $0 }
        for index in 0..<subscriberCount {
            let id = "App/\(viewNames[index % viewNames.count])View.swift:\(10 + index)"
            nodes.append(GraphModel.Node(id: id, kind: .subscriber))
            var watched: Set<String> = [lastLayers.randomElement(using: &generator)!]
            let wanted = Int.random(in: 1...3, using: &generator)
            var attempts = 0
            while watched.count < wanted, attempts < 10 {
                attempts += 1
                let pool = Int.random(in: 0..<10, using: &generator) < 7 ? lastLayers : allAtoms
                watched.insert(pool.randomElement(using: &generator)!)
            }
            for atom in watched.sorted() {
                edges.append(GraphModel.Edge(from: atom, to: id))
            }
        }
        precondition(nodes.count == total)
        return GraphModel(nodes: nodes, edges: edges)
    }

    /// How many `<g id="node…">` groups an SVG has: Graphviz writes one per node.
    static func nodeGroups(in svg: Data) -> Int {
        let needle = Array("<g id=\"node".utf8)
        return svg.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int in
            guard bytes.count >= needle.count else { return 0 }
            var count = 0
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == needle[0] {
                    var match = true
                    for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                        match = false
                        break
                    }
                    if match {
                        count += 1
                        index += needle.count
                        continue
                    }
                }
                index += 1
            }
            return count
        }
    }
}
