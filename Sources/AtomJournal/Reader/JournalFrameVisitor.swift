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

    /// Takes, in one go, as many of the frames from `run.position` on as it can check and
    /// handle itself, and returns how many it took; the scan hands the rest to ``visit(_:)``.
    /// A visitor takes a frame only if it is whole in `run.bytes`, its length, checksum and
    /// sequence number are valid by the reader's rules, and ``visit(_:)`` would have done the
    /// same with it.
    mutating func visitRun(_ run: FrameRun) -> FrameRun.Taken

    /// Whether, after ``visit(_:)`` was handed a frame of type `type` and the next frame is a
    /// step, the scan offers the steps after it to ``visitRun(_:)`` again rather than handing
    /// on the frames it checksummed with it one by one.
    func resumesRun(after type: UInt8) -> Bool
}

/// A stretch of the reader's window that a visitor may take frames from (see
/// ``JournalFrameVisitor/visitRun(_:)``).
struct FrameRun {
    /// The window.
    let bytes: UnsafeRawBufferPointer
    /// Where the next frame starts in `bytes`, and the file offset of `bytes`' first byte.
    let position: Int
    let fileOffset: Int
    /// The sequence number the next frame must have.
    let sequence: UInt64
    /// The CRC-32C register after the journal's salt.
    let seed: UInt32

    /// What a visitor took: the frames, where the next one starts, and the last one's type.
    struct Taken {
        let frames: UInt64
        let end: Int
        let lastType: UInt8
        /// How many of `frames` the C loop took one at a time (``ScanWork/framesTakenSingly``).
        var singly: UInt64 = 0
    }
}

extension JournalFrameVisitor {
    /// Takes nothing: every frame goes to ``visit(_:)``.
    func visitRun(_ run: FrameRun) -> FrameRun.Taken {
        FrameRun.Taken(frames: 0, end: run.position, lastType: 0)
    }

    /// After a frame that is not a step (a keyframe, a mark): a step the run left to
    /// ``visit(_:)`` is one it does not take, and the next one is likely the same kind.
    func resumesRun(after type: UInt8) -> Bool {
        type != RecordType.step.rawValue
    }
}

/// A closure as a visitor, for the public closure-taking scans.
struct ClosureFrameVisitor: JournalFrameVisitor {
    let body: (JournalFrame) throws(JournalError) -> Void

    func visit(_ frame: JournalFrame) throws(JournalError) {
        try body(frame)
    }
}
