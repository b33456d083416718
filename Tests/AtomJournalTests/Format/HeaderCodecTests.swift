@testable import AtomJournal
import Foundation
import Testing

/// The header's layout (section 3 of the spec), through `JournalHeader` and real files.
@Suite("Header codec")
struct HeaderCodecTests {
    private func decoded(_ bytes: [UInt8]) throws(JournalError) -> JournalHeader {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JournalError) in try JournalHeader.decode(buffer, fileSize: bytes.count, path: "test.journal") }
        }
        return try result.get()
    }

    @Test func roundTrip() throws {
        let metadata = ["app": "Tödö 🙂", "pid": "1", "start-us": "-5", "keyframe-interval": "1", "custom": "", "": "empty key"]
        let salt = (0..<16).map { UInt8(255 - $0) }
        let bytes = JournalHeader(salt: salt, metadata: metadata).encoded()
        let header = try decoded(bytes)
        #expect(header.salt == salt)
        #expect(header.metadata == metadata)
        #expect(header.majorVersion == JournalFormat.majorVersion)
        #expect(header.minorVersion == JournalFormat.minorVersion)
        #expect(header.size == bytes.count)
        #expect(header.startTime == -5)
    }

    @Test func fixedFieldsSitAtTheirOffsets() {
        let salt = Array(100..<116).map(UInt8.init)
        let bytes = JournalHeader(salt: salt, metadata: [:]).encoded()
        #expect(bytes.count == 36 + 1)
        #expect(Array(bytes[0..<8]) == JournalFormat.magic)
        #expect(Array(bytes[8..<12]) == [0x02, 0x00, 0x00, 0x00])
        #expect(Array(bytes[12..<28]) == salt)
        #expect(Array(bytes[28..<32]) == [0x01, 0x00, 0x00, 0x00])
        #expect(bytes[32] == 0x00)
        #expect(FormatSpec.readLittleEndian(bytes, at: 33, width: 4) == UInt64(CRC32C.mask(CRC32C.checksum(Array(bytes[0..<33])))))
    }

    @Test func metadataIsSortedByKeyWhateverTheInsertionOrder() throws {
        var forward: [String: String] = [:]
        var backward: [String: String] = [:]
        let keys = ["zeta", "alpha", "Beta", "é", "e", "start-us", "app", "a"]
        for key in keys { forward[key] = key.uppercased() }
        for key in keys.reversed() { backward[key] = key.uppercased() }
        let first = JournalHeader(salt: FormatSpec.vectorSalt, metadata: forward).encoded()
        let second = JournalHeader(salt: FormatSpec.vectorSalt, metadata: backward).encoded()
        #expect(first == second)
        // The keys appear in byte-wise order.
        var block = ByteWriter()
        block.varint(keys.count)
        for key in keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            block.string(key)
            block.string(key.uppercased())
        }
        #expect(Array(first[32..<(first.count - 4)]) == block.bytes)
    }

    /// Whatever metadata the writer accepts, its own reader must open the journal: metadata
    /// over the 64 KiB limit must be refused when writing, not written and then rejected.
    @Test func writerNeverWritesAHeaderTheReaderRejects() throws {
        let folder = try FormatScratchFolder()
        let url = folder.newFile()
        let big = ["note": String(repeating: "x", count: JournalFormat.maximumMetadataSize)]
        let writer: JournalWriter
        do {
            writer = try JournalWriter(url: url, metadata: big)
        } catch {
            return  // refusing is fine
        }
        try writer.close()
        #expect(throws: Never.self, "the writer wrote metadata of more than \(JournalFormat.maximumMetadataSize) bytes") {
            try JournalReader(url: url)
        }
    }
}
