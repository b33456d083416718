#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AtomJournal

/// Tells whether everything a writer appended has reached its file: true when the file is
/// as long as the bytes appended, i.e. no record waits in the writer's buffer and every
/// `write(2)` has returned, so that killing the process cannot lose those records.
struct FlushProbe {
    private let descriptor: Int32

    init(path: String) throws(CounterOptionsError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CounterOptionsError("cannot open \(path) to watch it: \(String(cString: strerror(errno)))")
        }
    }

    func hasReachedFile(_ writer: JournalWriter) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        return Int(info.st_size) == writer.bytesWritten
    }
}
