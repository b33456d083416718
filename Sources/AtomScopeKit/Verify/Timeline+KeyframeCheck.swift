import AtomJournal

extension Timeline {
    /// Replays every step from the first keyframe and compares the state after each later
    /// keyframe's step with what that keyframe holds. Seeking starts at keyframes, so one that
    /// disagrees would show states the app never had.
    ///
    /// - Returns: how many keyframes were compared.
    /// - Throws: ``AtomScopeError/inconsistentKeyframe(path:step:reason:)`` for the first that
    ///   disagrees, naming what differs.
    /// - Complexity: O(steps + keyframes × state size).
    func checkKeyframes() throws(AtomScopeError) -> Int {
        let keyframes = journal.index.keyframes
        guard !keyframes.isEmpty else { return 0 }
        var state = try initialState(keyframe: 0)
        var compared = 0
        for position in keyframes.indices.dropFirst() {
            let target = keyframes[position].stepCount
            while state.step < target {
                try apply(state.step + 1, to: &state)
            }
            let stored = try initialState(keyframe: position)
            if let difference = Self.firstDifference(replayed: state, stored: stored) {
                throw .inconsistentKeyframe(path: path, step: target, reason: difference)
            }
            compared += 1
        }
        return compared
    }

    private static func firstDifference(replayed: TimelineState, stored: TimelineState) -> String? {
        for id in Set(replayed.values.keys).union(stored.values.keys).sorted() where replayed.values[id] != stored.values[id] {
            switch (replayed.values[id], stored.values[id]) {
            case (nil, _?): return "it holds \(id), which the steps released or never made"
            case (_?, nil): return "it lacks \(id)"
            default: return "its value of \(id) differs"
            }
        }
        if let edge = replayed.edges.symmetricDifference(stored.edges).sorted().first {
            return "the edge \(edge) is in only one of them"
        }
        if let subscription = replayed.subscriptions.symmetricDifference(stored.subscriptions).sorted().first {
            return "the subscription \(subscription) is in only one of them"
        }
        if replayed.commit != stored.commit { return "its commit is \(stored.commit), the step's \(replayed.commit)" }
        return nil
    }
}
