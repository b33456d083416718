import AtomJournal
import Foundation
import SystemPackage

/// The files a user names for output (`-o`, `--journal-out`, the REPL's `graph -o`): refused
/// when they are the input, written through ``AtomicFile`` with mode 0600 (what atomscope
/// writes comes from an app's state), and failing in one line with the path and the system's
/// reason.
package enum OutputFile {
    /// Throws ``AtomScopeError/outputIsInput(path:input:)`` when `path` names the file
    /// `input` identifies, through whatever path or link. The comparison is by device and
    /// inode: `./j`, `j`, a hard link and a symbolic link to `j` are all `j`.
    ///
    /// - Parameter inputName: The input as the user named it, for the message.
    package static func refuse(_ path: String, ifSameAs input: FileIdentity?, inputName: String) throws(AtomScopeError) {
        guard let input, let output = FileIdentity(path: path), output == input else { return }
        throw .outputIsInput(path: path, input: inputName)
    }

    /// Writes `bytes` to `path`, replacing the file there in one step.
    ///
    /// - Parameter durable: Whether to sync before and after the rename: for data that cannot
    ///   be made again, not for a graph.
    /// - Throws: ``AtomScopeError/cannotWrite(path:reason:)``.
    package static func write(_ bytes: Data, to path: String, durable: Bool) throws(AtomScopeError) {
        do {
            try AtomicFile.write(bytes, to: path, permissions: .ownerReadWrite, durable: durable)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// A private copy of `bytes` in the temporary folder, for a reader that needs a file (a
    /// journal read from standard input). It is made as every temporary is (a new file under
    /// a random name, mode 0600: it holds app state) and never renamed, so it is removed when
    /// the returned value goes away; a reader that opened it keeps reading.
    ///
    /// - Throws: ``AtomScopeError/cannotWrite(path:reason:)`` naming the temporary folder.
    package static func scratchCopy(of bytes: Data) throws(AtomScopeError) -> AtomicFile {
        let nominal = FileManager.default.temporaryDirectory.appendingPathComponent("atomscope-stdin.journal").path
        do {
            let file = try AtomicFile(beside: nominal, permissions: .ownerReadWrite)
            try file.write(bytes)
            return file
        } catch {
            throw .cannotWrite(path: FileManager.default.temporaryDirectory.path, reason: error.reason)
        }
    }
}
