#if os(Linux)
import Glibc

/// The end of a journal file reserved on disk and mapped into memory, so that a writer puts a
/// commit's frames in the file with a copy instead of a `write(2)`.
///
/// A copy into a `MAP_SHARED` mapping lands in the kernel's page cache, the same place a
/// `write(2)` puts the bytes: they survive the app's death once the copy returns. The file is
/// made longer in steps (the next reserve doubles the last, from 64 KiB up to 4 MiB) with
/// `posix_fallocate`, which allocates the blocks, so a page of the mapping that is written is
/// always one the disk can back: a full disk is an error from the reserve, never a `SIGBUS`
/// in the app. Only bytes inside the reserve are ever touched.
///
/// Until ``finish(length:)`` the file ends in zeros after the last frame: an app that dies
/// leaves them, and readers read them as space not yet written (docs/JOURNAL-FORMAT.md,
/// section 8). ``finish(length:)`` cuts them.
///
/// Not `Sendable`: the writer that owns it uses it from one thread at a time, so its fields
/// are not checked for exclusive access at run time (each method's accesses are plain loads,
/// stores and system calls that cannot reach the mapping again).
final class JournalMapping {
    /// Why the mapping cannot take bytes.
    enum Failure: Error {
        /// The file system or the system cannot map or reserve this file: write it with
        /// `write(2)` instead.
        case unavailable
        /// Reserving more of the file failed (a full disk, a quota, a file size limit):
        /// `errno`'s description.
        case noSpace(String)

        /// What went wrong, for an error message.
        var reason: String {
            switch self {
            case .unavailable: "the file cannot be mapped"
            case .noSpace(let reason): reason
            }
        }
    }

    static let firstReserve = 64 << 10
    static let largestReserve = 4 << 20

    private let descriptor: Int32
    private let pageSize: Int
    /// The mapping, of `windowEnd - windowStart` bytes from file offset `windowStart`.
    @exclusivity(unchecked) private var base: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var windowStart: Int
    /// The end of the mapping, and of the file: every byte before it is allocated.
    @exclusivity(unchecked) private(set) var reservedEnd: Int
    /// Whether the file is unmapped and cut (``finish(length:)``).
    @exclusivity(unchecked) private var isFinished = false
    /// Whether a full reserve failed once: from then on only what each copy needs is asked
    /// for, rather than failing the larger request again at every commit.
    @exclusivity(unchecked) private var isShort = false

    /// Reserves and maps an empty file from offset 0; `nil` when it cannot (the file is not
    /// empty, the file system has no `fallocate`, the descriptor is not open for reading and
    /// writing, the system refuses the mapping, the disk is full), and the file is then empty.
    init?(descriptor: Int32) {
        var status = stat()
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        guard pageSize > 0, fstat(descriptor, &status) == 0, status.st_size == 0 else { return nil }
        guard posix_fallocate(descriptor, 0, off_t(Self.firstReserve)) == 0,
              let base = Self.map(descriptor, from: 0, to: Self.firstReserve)
        else {
            _ = ftruncate(descriptor, 0)
            return nil
        }
        self.descriptor = descriptor
        self.pageSize = pageSize
        self.base = base
        windowStart = 0
        reservedEnd = Self.firstReserve
    }

    deinit {
        if !isFinished { munmap(base, reservedEnd - windowStart) }
    }

    /// Copies `bytes` into the file at `offset`, reserving more of it first if they do not
    /// fit with a frame header's worth of zeros after them; nothing is copied when that fails.
    ///
    /// The zeros after the last frame are at least a frame header long, so that a reader
    /// tells them from a frame cut short: no frame starts with that many zero bytes.
    func copy(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(Failure) {
        guard !isFinished else { throw .unavailable }
        let end = offset + bytes.count + JournalFormat.frameHeaderSize
        if end > reservedEnd {
            try reserve(through: end, from: offset)
        }
        guard let source = bytes.baseAddress else { return }
        (base + (offset - windowStart)).copyMemory(from: source, byteCount: bytes.count)
    }

    /// Makes the file at least `end` bytes long and maps it from the page holding `offset`:
    /// the next reserve when it can, exactly what is needed when the disk has less.
    private func reserve(through end: Int, from offset: Int) throws(Failure) {
        let step = min(max(Self.firstReserve, reservedEnd), Self.largestReserve)
        var target = isShort ? end : max(end, reservedEnd + step)
        var code = posix_fallocate(descriptor, off_t(reservedEnd), off_t(target - reservedEnd))
        if code != 0, code != EOPNOTSUPP, code != ENOSYS, code != EINVAL, target > end {
            isShort = true
            target = end
            code = posix_fallocate(descriptor, off_t(reservedEnd), off_t(target - reservedEnd))
        }
        switch code {
        case 0: break
        case EOPNOTSUPP, ENOSYS, EINVAL: throw .unavailable
        default: throw .noSpace(String(cString: strerror(code)))
        }
        let start = offset / pageSize * pageSize
        guard let mapped = Self.map(descriptor, from: start, to: target) else { throw .unavailable }
        munmap(base, reservedEnd - windowStart)
        base = mapped
        windowStart = start
        reservedEnd = target
    }

    /// Unmaps the file and cuts it to `length`, its frames' end. The cut is what makes the
    /// file the length readers expect; a failure leaves zeros after the frames, which read
    /// the same.
    func finish(length: Int) throws(Failure) {
        guard !isFinished else { return }
        isFinished = true
        munmap(base, reservedEnd - windowStart)
        guard length < reservedEnd else { return }
        if ftruncate(descriptor, off_t(length)) != 0 {
            throw .noSpace(String(cString: strerror(errno)))
        }
    }

    private static func map(_ descriptor: Int32, from start: Int, to end: Int) -> UnsafeMutableRawPointer? {
        guard let pointer = mmap(nil, end - start, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, off_t(start)),
              pointer != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        return pointer
    }
}

#else

/// Without `fallocate` to reserve blocks with, a mapped page the disk cannot back would be a
/// `SIGBUS` in the app: such systems write each commit with `write(2)`.
final class JournalMapping {
    enum Failure: Error {
        case unavailable
        case noSpace(String)

        var reason: String { "the file cannot be mapped" }
    }

    var reservedEnd: Int { 0 }

    init?(descriptor: Int32) { nil }

    func copy(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(Failure) { throw .unavailable }

    func finish(length: Int) throws(Failure) {}
}
#endif
