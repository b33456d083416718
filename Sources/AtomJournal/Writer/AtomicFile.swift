#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A file written under a random name beside its destination, then renamed over it: the one
/// way this package writes a file that someone else may read (a cut journal, a state file, a
/// graph) or that may already exist (a journal the app asked to replace).
///
/// Each part closes a hole that shared folders open:
/// - The temporary is opened with `O_CREAT | O_EXCL | O_NOFOLLOW`, so it is always a new file
///   that this process made, never a file or a symbolic link planted at its name, through which
///   the data would go somewhere else.
/// - Its name ends in 64 random bits from `SystemRandomNumberGenerator`, so it cannot be
///   planted in advance as a name built from the process id can. A name that exists anyway is
///   skipped for another, never opened.
/// - It gets its final mode in the `open` call, so there is no moment when a file holding
///   journal or state data is readable by others. (The umask can only take bits away.)
/// - `rename(2)` replaces the destination in one step: a reader sees the old file or the new
///   one, whole, and an error part way leaves the destination as it was.
///
/// Whatever is not renamed into place is removed when the value goes away.
package final class AtomicFile {
    /// The path the file is renamed to, as given.
    package let destination: String
    /// The temporary file beside `destination`.
    package let temporaryPath: String
    /// Open for writing; closed by ``commit(durable:)`` unless ``releaseDescriptor()`` handed it
    /// over.
    package let descriptor: FileDescriptor

    private var ownsDescriptor = true
    private var isRenamed = false

    /// How many names are tried before giving up: each is 64 random bits, so more than one is
    /// needed only when someone planted files, and a hundred means someone can predict them.
    private static let attempts = 100

    /// Creates the temporary file beside `destination`.
    ///
    /// - Parameters:
    ///   - destination: Where ``commit(durable:)`` puts the file.
    ///   - permissions: The file's mode from its creation: `0600` for anything holding journal
    ///     or state data.
    ///   - access: How the temporary is opened: a journal writer maps it, which needs
    ///     reading and writing.
    ///   - random: The source of the name's random part; tests pass a predictable one to plant
    ///     files at the names it will try.
    /// - Throws: ``AtomicFileError`` with the `errno` of the failed `open`, reported against
    ///   `destination`.
    package init(
        beside destination: String,
        permissions: FilePermissions,
        access: FileDescriptor.AccessMode = .writeOnly,
        random: () -> UInt64 = AtomicFile.systemRandom
    ) throws(AtomicFileError) {
        self.destination = destination
        let target = FilePath(destination)
        let folder = target.removingLastComponent()
        let name = target.lastComponent?.string ?? "file"
        var lastError = Errno.fileExists
        for _ in 0..<Self.attempts {
            let candidate = folder.appending(Self.temporaryName(for: name, random: random()))
            do {
                descriptor = try FileDescriptor.open(
                    candidate, access,
                    options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                    permissions: permissions
                )
                temporaryPath = candidate.string
                return
            } catch {
                let code = AtomicFileError.errno(of: error)
                // Someone else's file (or link) has this name: leave it alone, try another.
                guard code == .fileExists else { throw AtomicFileError(path: destination, errno: code) }
                lastError = code
            }
        }
        throw AtomicFileError(path: destination, errno: lastError)
    }

    deinit {
        if ownsDescriptor {
            try? descriptor.close()
        }
        if !isRenamed {
            _ = unlink(temporaryPath)
        }
    }

    /// The temporary's name for `name`: hidden, recognisable, and unpredictable. A long name
    /// is shortened so that the temporary's stays within the 255 bytes a name may have.
    package static func temporaryName(for name: String, random: UInt64) -> String {
        var stem = Substring(name)
        while stem.utf8.count > 200 { stem = stem.dropLast() }
        let hex = String(random, radix: 16)
        return ".\(stem).\(String(repeating: "0", count: 16 - hex.count))\(hex).partial"
    }

    /// 64 bits from the system's cryptographically secure generator.
    package static func systemRandom() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// Writes all of `bytes` at the file's current offset.
    package func write(_ bytes: some Sequence<UInt8>) throws(AtomicFileError) {
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw AtomicFileError(path: destination, errno: AtomicFileError.errno(of: error))
        }
    }

    /// Hands the descriptor to the caller (a ``JournalWriter`` that writes the file), who then
    /// closes it, and syncs it if it must survive power loss. ``commit(durable:)`` still
    /// renames; until it does, the temporary is removed when this value goes away.
    package func releaseDescriptor() -> FileDescriptor {
        ownsDescriptor = false
        return descriptor
    }

    /// Puts the file in place: syncs it when `durable` (unless the descriptor was handed
    /// over), closes it, and renames it over the destination, which must be nothing, a
    /// regular file or a symbolic link to one (a device or a pipe is refused: renaming over
    /// `/dev/null` as root would replace it).
    ///
    /// - Parameter durable: Whether the file's data and its name must survive power loss: the
    ///   file is synced before the rename and its folder after it. A graph, which can be drawn
    ///   again, need not be.
    /// - Throws: ``AtomicFileError``; the temporary is removed and the destination left as it
    ///   was.
    package func commit(durable: Bool) throws(AtomicFileError) {
        if ownsDescriptor {
            ownsDescriptor = false
            if durable, fsync(descriptor.rawValue) != 0 {
                let error = Errno(rawValue: errno)
                try? descriptor.close()
                throw AtomicFileError(path: destination, errno: error)
            }
            do {
                try descriptor.close()
            } catch {
                throw AtomicFileError(path: destination, errno: AtomicFileError.errno(of: error))
            }
        }
        // Checked again just before: what is there may have changed since the temporary was
        // made, and a rename replaces whatever it finds.
        try Self.refuseUnlessReplaceable(destination)
        guard rename(temporaryPath, destination) == 0 else {
            throw AtomicFileError(path: destination, errno: Errno(rawValue: errno))
        }
        isRenamed = true
        if durable {
            Self.syncFolder(of: destination)
        }
    }

    /// Makes a rename durable. Some file systems refuse to sync a folder; the data is synced
    /// already, so that is no reason to fail.
    private static func syncFolder(of path: String) {
        let folder = FilePath(path).removingLastComponent()
        let name = folder.isEmpty ? "." : folder.string
        guard let descriptor = try? FileDescriptor.open(FilePath(name), .readOnly, options: [.directory, .closeOnExec]) else { return }
        _ = fsync(descriptor.rawValue)
        try? descriptor.close()
    }
}

extension AtomicFile {
    /// Replaces the file at `destination` with `bytes`, through a temporary beside it.
    ///
    /// What is at `destination` is looked at with `lstat`, never through a link:
    /// - nothing, a regular file, or a symbolic link to a regular file or to nothing: replaced
    ///   by the rename (a link itself is replaced, never written through);
    /// - a character device named directly (`/dev/null`, a terminal): written as it is, opened
    ///   with `O_NOFOLLOW`, since renaming over it as root would replace the device;
    /// - a FIFO named directly: written as it is, opened with `O_NONBLOCK` so that a FIFO no
    ///   one reads (planted to stall the writer) fails at once with `ENXIO` instead of
    ///   blocking forever; once open, writes wait for its reader as any pipe's do;
    /// - a block device, a socket, or a symbolic link to anything but a regular file (a
    ///   planted `out.svg -> /dev/sda`, or `/dev/stdout`): refused, nothing written;
    /// - a folder, or a link to one: `EISDIR`.
    ///
    /// - Throws: ``AtomicFileError`` with the `errno` of the step that failed, or the reason
    ///   the destination was refused.
    package static func write(
        _ bytes: some Sequence<UInt8>,
        to destination: String,
        permissions: FilePermissions,
        durable: Bool
    ) throws(AtomicFileError) {
        var status = stat()
        if lstat(destination, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            if kind == S_IFCHR || kind == S_IFIFO {
                try writeInPlace(bytes, to: destination, found: status)
                return
            }
        }
        try refuseUnlessReplaceable(destination)
        let file = try AtomicFile(beside: destination, permissions: permissions)
        try file.write(bytes)
        try file.commit(durable: durable)
    }

    /// Throws unless a rename may put a file at `path`: nothing is there, a regular file, or
    /// a symbolic link to a regular file or to nothing (the rename replaces the link).
    /// Anything else would be replaced too, and that can be a device, even the system's.
    static func refuseUnlessReplaceable(_ path: String) throws(AtomicFileError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return
        case S_IFDIR:
            throw AtomicFileError(path: path, errno: .isDirectory)
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else { return }
            switch target.st_mode & S_IFMT {
            case S_IFREG: return
            case S_IFDIR: throw AtomicFileError(path: path, errno: .isDirectory)
            default: throw AtomicFileError(path: path, refusal: "it is a symbolic link to a device, pipe or socket; name a regular file")
            }
        case S_IFBLK:
            throw AtomicFileError(path: path, refusal: "it is a block device; name a regular file")
        default:
            throw AtomicFileError(path: path, refusal: "it is not a regular file; name a regular file")
        }
    }

    /// Writes to the character device or FIFO `lstat` found at `destination`, without creating,
    /// truncating or following anything; refused if what opens is not that same file.
    private static func writeInPlace(_ bytes: some Sequence<UInt8>, to destination: String, found: stat) throws(AtomicFileError) {
        let isFIFO = found.st_mode & S_IFMT == S_IFIFO
        var options: FileDescriptor.OpenOptions = [.noFollow, .closeOnExec, FileDescriptor.OpenOptions(rawValue: O_NOCTTY)]
        if isFIFO { options.insert(.nonBlocking) }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(destination), .writeOnly, options: options)
        } catch {
            let code = AtomicFileError.errno(of: error)
            if isFIFO, code == .noSuchAddressOrDevice {
                throw AtomicFileError(path: destination, refusal: "it is a pipe that nothing reads")
            }
            throw AtomicFileError(path: destination, errno: code)
        }
        defer { try? descriptor.close() }
        var opened = stat()
        guard fstat(descriptor.rawValue, &opened) == 0,
              opened.st_mode & S_IFMT == found.st_mode & S_IFMT, opened.st_dev == found.st_dev, opened.st_ino == found.st_ino
        else {
            throw AtomicFileError(path: destination, refusal: "it was replaced while it was opened")
        }
        if isFIFO {
            // Nonblocking only to open: a reader that is there gets the bytes at its pace.
            let flags = fcntl(descriptor.rawValue, F_GETFL)
            guard flags >= 0, fcntl(descriptor.rawValue, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
                throw AtomicFileError(path: destination, errno: Errno(rawValue: errno))
            }
        }
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw AtomicFileError(path: destination, errno: AtomicFileError.errno(of: error))
        }
    }
}

/// Why an ``AtomicFile`` could not be written: the destination as named, and the `errno` of
/// the call that failed.
package struct AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The destination, as the caller named it (never the temporary's name).
    package var path: String
    /// What the system said.
    package var errno: Errno

    /// Why the destination was refused when no system call failed (a block device, a link
    /// to a device); `nil` when ``errno`` says it.
    package var refusal: String?

    /// An error the system reported.
    package init(path: String, errno: Errno) {
        self.path = path
        self.errno = errno
        refusal = nil
    }

    /// A destination refused before any call could fail, with the reason in words.
    package init(path: String, refusal: String) {
        self.path = path
        errno = .notSupported
        self.refusal = refusal
    }

    /// The system's words for the error, such as "No such file or directory", or why the
    /// destination was refused.
    package var reason: String { refusal ?? errno.description }

    package var description: String { "cannot write \(path): \(reason)" }

    /// The `errno` in an error of swift-system, whose calls throw `Errno` untyped.
    package static func errno(of error: any Error) -> Errno {
        (error as? Errno) ?? .ioError
    }
}
