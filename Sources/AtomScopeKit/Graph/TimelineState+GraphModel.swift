import AtomJournal
import Atoms

extension TimelineState {
    /// The graph of this state: its atoms, its subscribers, and their edges, with the atoms
    /// a step changed marked so they are highlighted.
    public func graphModel(changed: Set<String> = [], valueLimit: Int = 40) -> GraphModel {
        var nodes = atoms.map { atom in
            GraphModel.Node(
                id: atom.id,
                kind: GraphModel.Kind(atomKind: atom.kind),
                value: value(of: atom.id).map { Self.text(of: $0) },
                changed: changed.contains(atom.id),
                scope: AtomID(atom.id).scopeName
            )
        }
        var subscribers = Set<String>()
        var names: [String: String] = [:]
        var edges = self.edges.map { GraphModel.Edge(from: $0.upstream, to: $0.downstream) }
        for subscription in subscriptions {
            // A named subscriber's node id keeps its location, so that it can clash neither
            // with an atom's id nor with another context given the same name; the name is
            // its label.
            var id = subscription.subscriber
            if let name = subscription.name {
                id += " " + name
                names[id] = name
            }
            subscribers.insert(id)
            edges.append(GraphModel.Edge(from: subscription.atom, to: id))
        }
        nodes += subscribers.sorted().map { GraphModel.Node(id: $0, kind: .subscriber, label: names[$0]) }
        return GraphModel(nodes: nodes, edges: edges)
    }

    private static func text(of value: JournalValue) -> String {
        switch value {
        case .json(let text), .text(let text): text
        case .redacted: "<redacted>"
        case .absent: "<no value>"
        }
    }
}
