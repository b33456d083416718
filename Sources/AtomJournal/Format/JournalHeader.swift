/// The header at the start of every journal: format version, the per-journal salt, and
/// metadata about the recording process.
public struct JournalHeader: Sendable, Equatable {
    /// The format's major version; a reader rejects a major version it does not know.
    public var majorVersion: UInt16
    /// The format's minor version; a reader accepts any minor version of its major one.
    public var minorVersion: UInt16
    /// Random bytes mixed into every frame's checksum, so that frames copied from another
    /// journal do not validate.
    public var salt: [UInt8]
    /// Free-form key-value metadata; the keys below are the ones the recorder writes.
    public var metadata: [String: String]
    /// The size of the encoded header: frames start at this offset.
    public internal(set) var size: Int = 0

    /// Creates a header for the current format version.
    public init(salt: [UInt8], metadata: [String: String]) {
        majorVersion = JournalFormat.majorVersion
        minorVersion = JournalFormat.minorVersion
        self.salt = salt
        self.metadata = metadata
    }

    /// The recording app's name.
    public var appName: String? { metadata[MetadataKey.app] }
    /// The recording process's id.
    public var processID: Int? { metadata[MetadataKey.processID].flatMap { Int($0) } }
    /// When recording started, in microseconds since 1970-01-01 UTC. Step times are offsets
    /// from it.
    public var startTime: Int64? { metadata[MetadataKey.startTime].flatMap { Int64($0) } }
    /// How many steps the recorder wrote between keyframes.
    public var keyframeInterval: Int? { metadata[MetadataKey.keyframeInterval].flatMap { Int($0) } }

    /// The metadata keys the recorder writes.
    public enum MetadataKey {
        public static let app = "app"
        public static let processID = "pid"
        public static let startTime = "start-us"
        public static let keyframeInterval = "keyframe-interval"
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter(capacity: 128)
        writer.bytes.append(contentsOf: JournalFormat.magic)
        writer.u16(majorVersion)
        writer.u16(minorVersion)
        writer.bytes.append(contentsOf: salt)
        var block = ByteWriter()
        block.varint(metadata.count)
        for key in metadata.keys.sorted() {
            block.string(key)
            block.string(metadata[key] ?? "")
        }
        writer.u32(UInt32(block.bytes.count))
        writer.bytes.append(contentsOf: block.bytes)
        writer.u32(CRC32C.mask(CRC32C.checksum(writer.bytes)))
        return writer.bytes
    }

    /// The size of the fixed part before the metadata block.
    static let fixedSize = 8 + 2 + 2 + JournalFormat.saltSize + 4

    /// Decodes a header from the first bytes of a file.
    static func decode(_ bytes: UnsafeRawBufferPointer, fileSize: Int, path: String) throws(JournalError) -> JournalHeader {
        guard fileSize > 0 else { throw .empty(path: path) }
        let magicLength = min(bytes.count, JournalFormat.magic.count)
        guard bytes.prefix(magicLength).elementsEqual(JournalFormat.magic.prefix(magicLength)) else {
            throw .notAJournal(path: path)
        }
        guard bytes.count >= fixedSize else { throw .truncatedHeader(path: path, bytes: fileSize) }
        var reader = ByteReader(bytes)
        do {
            _ = try reader.bytes(count: JournalFormat.magic.count)
            let major = try reader.u16()
            let minor = try reader.u16()
            guard major >= JournalFormat.oldestMajorVersion, major <= JournalFormat.majorVersion else {
                if major > JournalFormat.majorVersion {
                    throw JournalError.newerMajorVersion(path: path, found: major, supported: JournalFormat.majorVersion)
                }
                throw JournalError.corruptHeader(path: path, reason: "unknown major version \(major)")
            }
            let salt = try reader.bytes(count: JournalFormat.saltSize)
            let blockSize = Int(try reader.u32())
            guard blockSize <= JournalFormat.maximumMetadataSize else {
                throw JournalError.corruptHeader(path: path, reason: "metadata of \(blockSize) bytes exceeds \(JournalFormat.maximumMetadataSize)")
            }
            guard reader.remaining >= blockSize + 4 else { throw JournalError.truncatedHeader(path: path, bytes: fileSize) }
            let checked = UnsafeRawBufferPointer(rebasing: bytes[0..<(fixedSize + blockSize)])
            var block = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[fixedSize..<(fixedSize + blockSize)]))
            _ = try reader.bytes(count: blockSize)
            let stored = try reader.u32()
            guard stored == CRC32C.mask(CRC32C.update(0, checked)) else {
                throw JournalError.corruptHeader(path: path, reason: "header checksum mismatch")
            }
            var metadata: [String: String] = [:]
            let count = try block.itemCount(minimumSize: 2)
            for _ in 0..<count {
                let key = try block.string()
                metadata[key] = try block.string()
            }
            var header = JournalHeader(salt: salt, metadata: metadata)
            header.majorVersion = major
            header.minorVersion = minor
            header.size = reader.offset
            return header
        } catch let error as JournalError {
            throw error
        } catch {
            throw .corruptHeader(path: path, reason: "\(error)")
        }
    }
}
