import Atoms
import Foundation

extension AtomViewContext {
    /// Reads a state file and sets every cached atom whose value it holds, as one
    /// transaction whose commit has the cause `restore`.
    ///
    /// Only subscribers whose watched values differ are notified. Atoms that are not cached
    /// are not created: watch them first. What could not be restored is listed in the
    /// report with the reason.
    ///
    /// - Throws: ``AtomStateFileError`` if the file cannot be read; then nothing is restored.
    @discardableResult
    public func restore(from url: URL, fileID: String = #fileID, line: UInt = #line) throws(AtomStateFileError) -> AtomRestoreReport {
        restore(from: try AtomStateFile.read(from: url), fileID: fileID, line: line)
    }
}
