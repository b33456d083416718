import Atoms

// A scripted session of the seed's todo tutorial: add, toggle, filter, edit, delete. It
// prints every commit of the store (its cause and what changed) and the final graph.
MainActor.assumeIsolated {
    let root = AtomRoot().observeCommits { commit in
        print("#\(commit.number) \(commit.cause)")
        for change in commit.changes.initialized {
            print("    + \(change.atom.id) = \(change.value.map { String(describing: $0) } ?? "nil")")
        }
        for change in commit.changes.updated {
            print("    ~ \(change.atom.id) = \(change.value.map { String(describing: $0) } ?? "nil")")
        }
        for atom in commit.changes.released {
            print("    - \(atom.id)")
        }
    }
    let list = root.context()
    let header = root.context()
    list.watch(FilteredTodosAtom())
    header.watch(StatsAtom())

    var session = TodoSession(context: list)
    session.add("Buy milk")
    session.add("Write journal format")
    session.add("Review atomscope")
    session.toggle(1)
    session.filter(.uncompleted)
    session.edit(2, text: "Write the journal format spec")
    session.filter(.all)
    session.delete(3)

    print("")
    print(list.snapshot().graphDescription())
}
