import Dispatch
import SystemPackage

/// The next chunk of a journal, read on another thread while the reader scans the one before
/// it: copying a large journal out of the page cache costs about as much as checking its
/// frames, and on two cores the two can overlap.
///
/// The chunk is read into `buffer` after `reserve` bytes that the reader fills with the tail
/// of the chunk before (the frame that crosses the boundary), so that switching chunks copies
/// at most that tail, never the chunk itself.
final class ReadAhead: @unchecked Sendable {
    // Why `@unchecked Sendable` is safe: the job on the other thread touches `buffer`,
    // `bytesRead` and `failure` only between `start` and its `done.signal()`, and the reader
    // touches them only when no job is running: after `finish()`, which waits on `done`
    // (the semaphore orders the job's writes before the reader's reads), and before the next
    // `start`. `running`, `offset` and `requested` belong to the reader alone.

    /// The bytes kept free before the chunk for the tail of the chunk before it.
    static let reserve = 64 << 10

    private(set) var buffer: [UInt8] = []
    private(set) var offset = 0
    private(set) var requested = 0
    private(set) var bytesRead = 0
    private(set) var failure: (any Error)?
    private(set) var running = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `count` bytes at `offset` into the storage `storage` holds (the reader's
    /// previous window, reused when it is large enough), which it takes: the caller keeps no
    /// reference, so the read writes into it without a copy.
    func start(_ descriptor: FileDescriptor, offset: Int, count: Int, storage: inout [UInt8]) {
        precondition(!running, "a read-ahead is already running")
        running = true
        self.offset = offset
        requested = count
        buffer = []
        swap(&buffer, &storage)
        bytesRead = 0
        failure = nil
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            if buffer.count != Self.reserve + count {
                buffer = Self.buffer(count: Self.reserve + count)
            }
            do {
                try buffer.withUnsafeMutableBytes { bytes in
                    let target = UnsafeMutableRawBufferPointer(rebasing: bytes[Self.reserve...])
                    while bytesRead < target.count {
                        let count = try descriptor.read(
                            fromAbsoluteOffset: Int64(offset + bytesRead),
                            into: UnsafeMutableRawBufferPointer(rebasing: target[bytesRead...])
                        )
                        if count == 0 { break }
                        bytesRead += count
                    }
                }
            } catch {
                failure = error
            }
            done.signal()
        }
    }

    /// Waits for the running read, if any.
    func finish() {
        guard running else { return }
        done.wait()
        running = false
    }

    /// A buffer for file bytes, not zeroed first: zeroing megabytes per chunk cost as much as
    /// a tenth of opening a journal, and no byte of it is read before `read(2)` or the tail copy
    /// wrote it (the reader trims what a short read left, and reads a window only from
    /// `windowValid` on).
    static func buffer(count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Hands the chunk over (after ``finish()``), trimmed to what was read, and takes the
    /// storage to reuse for the next one.
    func take(giving storage: [UInt8]) -> [UInt8] {
        precondition(!running, "take before finish")
        var chunk = storage
        swap(&chunk, &buffer)
        if chunk.count > Self.reserve + bytesRead {
            chunk.removeSubrange((Self.reserve + bytesRead)...)
        }
        return chunk
    }
}
