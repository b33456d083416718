import AtomScopeKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A journal read from standard input is copied to a file for the reader: that copy holds
/// app state, so it is a new private file from the moment it exists. Checked with `fstat` on
/// the descriptor it was made with, which needs no tracing tool.
@Suite("The copy of standard input")
struct ScratchCopyTests {
    @Test func itIsANewPrivateFileFromItsCreation() throws {
        let bytes = Data((0..<1_000).map { UInt8($0 % 251) })
        var path = ""
        do {
            let file = try OutputFile.scratchCopy(of: bytes)
            path = file.temporaryPath
            var made = stat()
            #expect(fstat(file.descriptor.rawValue, &made) == 0)
            #expect(made.st_mode & S_IFMT == S_IFREG)
            #expect(made.st_mode & 0o7777 == 0o600, "mode \(String(made.st_mode & 0o7777, radix: 8))")
            #expect(made.st_nlink == 1)
            #expect(made.st_size == bytes.count)
            // The path names that file, not a link to it, in the temporary folder, hidden.
            var named = stat()
            #expect(lstat(path, &named) == 0)
            #expect(named.st_ino == made.st_ino && named.st_dev == made.st_dev)
            let url = URL(fileURLWithPath: path)
            #expect(url.deletingLastPathComponent().standardizedFileURL.path
                == FileManager.default.temporaryDirectory.standardizedFileURL.path)
            #expect(url.lastPathComponent.hasPrefix("."))
            #expect(try Data(contentsOf: url) == bytes)
        }
        // Removed when it goes.
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
