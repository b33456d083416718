import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `capturingStandardError` borrows the process's fd 2; captures that overlap must still give
/// it back. When two overlapped, the second restored the first one's pipe, whose read end was
/// closed by then, and the test runner died of `SIGPIPE` at its next write to stderr.
@Suite("Test support: capturing standard error")
struct StandardErrorCaptureTests {
    /// The file fd 2 refers to, as device and inode.
    private func standardErrorIdentity() -> (dev_t, ino_t)? {
        var status = stat()
        guard fstat(2, &status) == 0 else { return nil }
        return (status.st_dev, status.st_ino)
    }

    @Test func capturesStartedAtOnceGiveStandardErrorBack() throws {
        let before = try #require(standardErrorIdentity())
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let (value, _) = capturingStandardError { index }
            #expect(value == index)
        }
        let after = try #require(standardErrorIdentity())
        #expect(after.0 == before.0 && after.1 == before.1, "fd 2 is the process's standard error again")
    }
}
