/// The graph a tool draws: atoms and subscribers, and who watches whom.
///
/// Tools fill it from a journal state or a snapshot; ``GraphStyle`` turns it into DOT.
public struct GraphModel: Sendable, Equatable {
    /// What a node stands for, which decides its shape and colour.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A writable atom (`StateAtom`).
        case state
        /// A derived atom (`ValueAtom`, modified atoms).
        case value
        /// An asynchronous atom (task, sequence, publisher).
        case async
        /// Something outside the graph that watches atoms.
        case subscriber

        /// The kind for an atom kind as journals record it.
        public init(atomKind: String) {
            switch atomKind {
            case "state": self = .state
            case "task", "throwingTask", "asyncPhase", "asyncSequence", "publisher", "observableObject", "observable": self = .async
            default: self = .value
            }
        }
    }

    /// One atom or subscriber.
    public struct Node: Sendable, Equatable {
        /// The atom id, or the subscriber's `File.swift:line` (followed by its name, when it
        /// has one).
        public var id: String
        /// What it stands for.
        public var kind: Kind
        /// The text drawn for it when it differs from ``id``: a named subscriber's name.
        public var label: String?
        /// The value as text, shown when the style asks for values.
        public var value: String?
        /// Whether it changed at the step being drawn.
        public var changed: Bool
        /// The scope that owns it, drawn as a cluster.
        public var scope: String?

        /// Creates a node.
        public init(id: String, kind: Kind, value: String? = nil, changed: Bool = false, scope: String? = nil, label: String? = nil) {
            self.id = id
            self.kind = kind
            self.label = label
            self.value = value
            self.changed = changed
            self.scope = scope
        }
    }

    /// An edge from a watched node to the node that watches it.
    public struct Edge: Sendable, Hashable {
        /// The watched atom.
        public var from: String
        /// The watching atom or subscriber.
        public var to: String

        /// Creates an edge.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// The nodes.
    public var nodes: [Node]
    /// The edges.
    public var edges: [Edge]

    /// Creates a graph.
    public init(nodes: [Node] = [], edges: [Edge] = []) {
        self.nodes = nodes
        self.edges = edges
    }

    /// The neighbourhood of one node: everything within `depth` edges of it, upstream or
    /// downstream, with the edges among them. Draws a readable part of a graph too large
    /// to draw whole.
    public func focused(on id: String, depth: Int) -> GraphModel {
        var neighbours: [String: [String]] = [:]
        for edge in edges {
            neighbours[edge.from, default: []].append(edge.to)
            neighbours[edge.to, default: []].append(edge.from)
        }
        var distance = [id: 0]
        var frontier = [id]
        var level = 0
        while !frontier.isEmpty, level < max(0, depth) {
            level += 1
            var next: [String] = []
            for node in frontier {
                for neighbour in neighbours[node] ?? [] where distance[neighbour] == nil {
                    distance[neighbour] = level
                    next.append(neighbour)
                }
            }
            frontier = next
        }
        return GraphModel(
            nodes: nodes.filter { distance[$0.id] != nil },
            edges: edges.filter { distance[$0.from] != nil && distance[$0.to] != nil }
        )
    }
}
