extension Timeline {
    /// The DOT of the graph after a step: optionally with the step's changes highlighted,
    /// values in labels, or only the neighbourhood of one atom.
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` and
    ///   ``AtomScopeError/unknownAtom(path:query:suggestions:)`` for a focus that matches no
    ///   atom.
    public func graph(
        at step: Int,
        style: GraphStyle = GraphStyle(),
        highlightingChanges: Bool = false,
        focus: String? = nil,
        depth: Int = 1
    ) throws(AtomScopeError) -> String {
        let state = try state(at: step)
        var changed = Set<String>()
        if highlightingChanges, step > 0 {
            changed = Set(try self.step(step).changedAtoms)
        }
        var model = state.graphModel(changed: changed, valueLimit: style.valueLimit)
        if let focus {
            model = model.focused(on: try resolve(atom: focus), depth: depth)
        }
        return style.dot(for: model)
    }
}
