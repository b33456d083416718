#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// What makes two paths the same file: its device and inode. Paths cannot tell, because one
/// file has many (`./j`, an absolute path, a hard link, a symbolic link to it), and an output
/// that is the input must be refused whichever of them the user typed.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    /// The file `path` names, following symbolic links; `nil` when nothing is there.
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The file an open descriptor refers to, whatever has been renamed or linked since.
    package init?(descriptor: FileDescriptor) {
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The file standard input reads, when it is one (`command < j`): an output must not be
    /// it either.
    package static var standardInput: FileIdentity? {
        FileIdentity(descriptor: .standardInput)
    }

    private init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}
