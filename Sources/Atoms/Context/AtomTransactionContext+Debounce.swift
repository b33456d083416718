public extension AtomTransactionContext {
    /// Watches an atom that changes in bursts (text typed into a search field), and lets the
    /// asynchronous atom that calls it go on only once the atom has been quiet for `interval`.
    ///
    /// ```swift
    /// struct SearchResultsAtom: ThrowingTaskAtom, Hashable {
    ///     func value(context: Context) async throws -> [Song] {
    ///         let text = try await context.watch(SearchTextAtom(), debounce: .milliseconds(300))
    ///         return try await search(text)
    ///     }
    /// }
    /// ```
    /// The dependency is registered at once, before the wait, as the engine requires of
    /// dependencies. A change during the wait recomputes the calling atom, which cancels this
    /// wait: the call then throws `CancellationError`, so the superseded computation stops
    /// there, and only the last value of a burst does any work. It throws rather than
    /// returning the stale value so that skipping the work needs no check in the caller.
    ///
    /// - Parameters:
    ///   - interval: How long the atom must stay unchanged.
    ///   - clock: The clock to wait on; tests pass a clock they advance by hand.
    /// - Returns: The atom's value, unchanged for `interval`.
    func watch<Node: Atom>(
        _ atom: Node, debounce interval: Duration, clock: some Clock<Duration> = ContinuousClock(),
        fileID: String = #fileID, line: UInt = #line
    ) async throws(CancellationError) -> Node.Produced {
        let value = watch(atom, at: SourceLocation(fileID: fileID, line: line))
        // The deadline is taken now, with the value, not when the sleep starts running.
        let deadline = clock.now.advanced(by: interval)
        do {
            try await clock.sleep(until: deadline, tolerance: nil)
        } catch {
            throw CancellationError()
        }
        return value
    }
}
