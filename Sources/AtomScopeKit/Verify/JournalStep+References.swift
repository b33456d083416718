import AtomJournal

extension JournalStep {
    /// Why the step cannot be read as the recorder meant it: the first atom, subscriber or
    /// location number it uses that the journal never defines, or `nil` when every one is
    /// defined. Frames are checksummed, so this catches a faulty writer, not a damaged file.
    func undefinedReference(in index: JournalIndex) -> String? {
        func atom(_ number: Int, _ role: String) -> String? {
            index.atoms[number] == nil ? "\(role) refers to atom \(number), which the journal never defines" : nil
        }
        if let cause = causeAtom, let problem = atom(cause, "its cause") { return problem }
        if let location = causeLocation, index.locations[location] == nil {
            return "its cause refers to location \(location), which the journal never defines"
        }
        // Each list on its own: joining them would allocate for every step of every journal
        // opened, and opening is meant to run at the speed of reading.
        func firstProblem(_ entries: [JournalValueEntry]) -> String? {
            for entry in entries { if let problem = atom(entry.atom, "a value") { return problem } }
            return nil
        }
        func firstProblem(_ numbers: [Int]) -> String? {
            for number in numbers { if let problem = atom(number, "a released or recomputed atom") { return problem } }
            return nil
        }
        func firstProblem(_ edges: [JournalEdge]) -> String? {
            for edge in edges {
                if let problem = atom(edge.upstream, "an edge") ?? atom(edge.downstream, "an edge") { return problem }
            }
            return nil
        }
        func firstProblem(_ subscriptions: [JournalSubscription]) -> String? {
            for subscription in subscriptions {
                if let problem = atom(subscription.atom, "a subscription") { return problem }
                if index.subscribers[subscription.subscriber] == nil {
                    return "a subscription refers to subscriber \(subscription.subscriber), which the journal never defines"
                }
            }
            return nil
        }
        return firstProblem(initialized) ?? firstProblem(updated) ?? firstProblem(released) ?? firstProblem(recomputed)
            ?? firstProblem(edgesAdded) ?? firstProblem(edgesRemoved)
            ?? firstProblem(subscriptionsAdded) ?? firstProblem(subscriptionsRemoved)
    }
}
