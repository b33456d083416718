/// What a scan hands each valid frame to, in file order.
///
/// The reader's scan is generic over its visitor, so that a visitor of this module is
/// specialised into the scan's loop: handing every frame to a closure cost a call, a boxed
/// capture and an exclusivity check of each captured variable per frame, about a third of
/// what opening a journal of small steps cost.
protocol JournalFrameVisitor {
    /// Receives one valid frame; its payload is valid only during the call. An error stops
    /// the scan and is thrown from it.
    mutating func visit(_ frame: JournalFrame) throws(JournalError)
}

/// A closure as a visitor, for the public closure-taking scans.
struct ClosureFrameVisitor: JournalFrameVisitor {
    let body: (JournalFrame) throws(JournalError) -> Void

    func visit(_ frame: JournalFrame) throws(JournalError) {
        try body(frame)
    }
}
