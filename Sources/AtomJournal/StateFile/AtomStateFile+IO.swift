import Foundation
import SystemPackage

extension AtomStateFile {
    /// Reads a state file.
    ///
    /// A file of a newer minor version is read, ignoring the keys it added; a file of a
    /// newer major version is refused.
    ///
    /// - Throws: ``AtomStateFileError`` saying what is wrong with the file.
    public static func read(from url: URL) throws(AtomStateFileError) -> AtomStateFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw .fileNotFound(path: url.path)
            }
            // Foundation only says "error 256" for a folder, which helps no one.
            throw .unreadable(path: url.path, detail: isFolder.boolValue ? "it is a folder" : error.localizedDescription)
        }
        return try AtomStateFile(jsonData: data)
    }

    /// Reads a state file's contents, such as one received on standard input.
    ///
    /// - Throws: ``AtomStateFileError`` saying what is wrong with the contents.
    public init(jsonData data: Data) throws(AtomStateFileError) {
        guard data.contains(where: { !Self.jsonWhitespace.contains($0) }) else {
            throw .notJSON(detail: "the file is empty")
        }
        do {
            self = try StateFileCoders.decoder().decode(AtomStateFile.self, from: data)
        } catch let error as AtomStateFileError {
            throw error
        } catch {
            // Layout problems are reported by `init(json:)` as `AtomStateFileError`, so any
            // other failure is the parser's.
            throw .notJSON(detail: describeParseFailure(error))
        }
    }

    private static let jsonWhitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    /// The file's contents: pretty-printed JSON with sorted keys and a final newline.
    public func jsonData() -> Data {
        // A tree of strings, integers and finite numbers always encodes.
        var data = (try? StateFileCoders.fileEncoder().encode(json)) ?? Data()
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Writes the file, replacing any file at `url` in one step so that a reader never sees
    /// half of it.
    ///
    /// The file is readable by its owner only (mode 0600) from the moment it is created, as
    /// journals are: it holds the app's state. It is written under a random name beside `url`
    /// and renamed into place.
    ///
    /// - Throws: ``AtomStateFileError/unwritable(path:detail:)``, whose detail is the system's
    ///   reason, such as "No such file or directory".
    public func write(to url: URL) throws(AtomStateFileError) {
        do {
            try AtomicFile.write(jsonData(), to: url.path, permissions: .ownerReadWrite, durable: true)
        } catch {
            throw .unwritable(path: url.relativePath, detail: error.reason)
        }
    }
}
