/// A validated frame, as the reader hands it out while scanning. The payload is only valid
/// during the call that receives it.
public struct JournalFrame {
    /// The frame's offset in the file.
    public let offset: Int
    /// The frame's sequence number: 0 for the first frame, then one more for each.
    public let sequence: UInt64
    /// The record type byte.
    public let type: UInt8
    /// The payload bytes.
    public let payload: UnsafeRawBufferPointer

    /// Whether the frame holds a step.
    public var isStep: Bool { type == RecordType.step.rawValue }

    /// The frame's total size in the file.
    public var size: Int { JournalFormat.frameHeaderSize + payload.count }
}
