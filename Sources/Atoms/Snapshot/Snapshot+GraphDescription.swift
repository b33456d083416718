public extension Snapshot {
    /// The dependency graph in Graphviz's DOT language.
    ///
    /// Atoms are boxes, each edge points from an upstream atom to the atom or subscriber
    /// that watches it, and subscribers are filled nodes named by their context's name or,
    /// without one, `File.swift:line`; a name taken twice gets ` #2`, ` #3`… Statements
    /// are ordered by id so that equal graphs give equal text, and every id is quoted and
    /// escaped so that no atom name can break or inject into the DOT.
    func graphDescription() -> String {
        var lines = ["digraph {", "  node [shape=box]"]
        var subscribersByAtom: [AtomID: [SubscriberInfo]] = [:]
        var subscriberNames: [SubscriberInfo: String] = [:]
        // Atom ids count as taken, so that a subscriber named like an atom stays a node of
        // its own instead of merging with the atom's.
        var namesTaken = Dictionary(atoms.map { ($0.atom.id.rawValue, 1) }, uniquingKeysWith: { first, _ in first })
        for subscription in subscriptions {
            subscribersByAtom[subscription.atom.id, default: []].append(subscription.subscriber)
        }
        for subscriber in Set(subscriptions.map(\.subscriber)).sorted(by: { ($0.location, $0.number) < ($1.location, $1.number) }) {
            let base = subscriber.description
            let count = namesTaken[base, default: 0] + 1
            namesTaken[base] = count
            subscriberNames[subscriber] = count == 1 ? base : "\(base) #\(count)"
        }
        var downstreamByAtom: [AtomID: [AtomID]] = [:]
        for edge in edges {
            downstreamByAtom[edge.upstream.id, default: []].append(edge.downstream.id)
        }
        // Scoped atoms are declared inside a cluster named after their scope.
        let scopes = Set(atoms.compactMap(\.atom.scope)).sorted()
        for scope in scopes {
            lines.append("  subgraph \(dotQuoted("cluster_" + scope)) {")
            lines.append("    label=\(dotQuoted(scope))")
            for atom in atoms where atom.atom.scope == scope {
                lines.append("    \(dotQuoted(atom.atom.id.rawValue))")
            }
            lines.append("  }")
        }
        for atom in atoms {
            let id = atom.atom.id
            if atom.atom.scope == nil {
                lines.append("  \(dotQuoted(id.rawValue))")
            }
            for downstream in (downstreamByAtom[id] ?? []).sorted() {
                lines.append("  \(dotQuoted(id.rawValue)) -> \(dotQuoted(downstream.rawValue))")
            }
            let names = (subscribersByAtom[id] ?? []).compactMap { subscriberNames[$0] }.sorted()
            for name in names {
                lines.append("  \(dotQuoted(id.rawValue)) -> \(dotQuoted(name))")
            }
        }
        for name in subscriberNames.values.sorted() {
            lines.append("  \(dotQuoted(name)) [style=filled]")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

/// Quotes a string as a DOT id, so that it can neither end the string nor smuggle in markup,
/// and so that two different strings stay two different ids.
///
/// Quotes are escaped and `&` becomes an entity so Graphviz shows them literally; newlines
/// become DOT's `\n`. Characters that XML 1.0 forbids in the SVG Graphviz makes (C0 controls,
/// U+FFFE, U+FFFF), and DEL, are shown as visible escapes such as `\u{1}`, never dropped;
/// a backslash is shown as `\\`, so that every escape reads back to one string.
public func dotQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        // DOT labels read `\\` as one backslash: shown as `\\`, it takes four.
        case "\\": result += "\\\\\\\\"
        case "\"": result += "\\\""
        case "&": result += "&amp;"
        case "\n": result += "\\n"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                result += "\\\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
