@testable import AtomJournal
import Foundation
import Testing

/// A damaged or foreign start of file gives its specific error (section 3 of the spec).
@Suite("Damaged headers")
struct HeaderDamageTests {
    @Test func emptyFile() throws {
        let sample = try DamageSample()
        let url = try sample.file([])
        #expect(DamageRead.readAll(url) == .failed(.empty(path: url.path)))
        #expect(JournalError.empty(path: url.path).description.contains(url.path))
    }

    @Test func missingFile() throws {
        let sample = try DamageSample()
        let url = sample.folder.newFile("missing")
        #expect(DamageRead.readAll(url) == .failed(.cannotOpen(path: url.path, reason: "no such file")))
    }

    @Test func wrongMagic() throws {
        let sample = try DamageSample()
        let foreign: [[UInt8]] = [
            Array("hello, this is a text file and not a journal\n".utf8),
            [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 60),
            Array("x".utf8),
            [0x89, 0x42],
        ]
        for bytes in foreign {
            let url = try sample.file(bytes)
            #expect(DamageRead.readAll(url) == .failed(.notAJournal(path: url.path)), "\(FormatSpec.hex(bytes.prefix(8)))")
        }
        // Any byte of the magic changed, in an otherwise intact journal.
        for index in 0..<8 {
            var bytes = sample.bytes
            bytes[index] ^= 0x20
            let url = try sample.file(bytes)
            #expect(DamageRead.readAll(url) == .failed(.notAJournal(path: url.path)), "magic byte \(index)")
        }
        // A journal that went through a text-mode transfer (CR LF turned into LF).
        let converted = Array(sample.bytes[0..<4]) + [0x0A] + Array(sample.bytes[6...])
        let url = try sample.file(converted)
        #expect(DamageRead.readAll(url) == .failed(.notAJournal(path: url.path)))
        #expect(JournalError.notAJournal(path: url.path).description.contains("not an atomscope journal"))
    }

    @Test func magicPrefixOnly() throws {
        let sample = try DamageSample()
        for count in 1...8 {
            let url = try sample.file(Array(JournalFormat.magic.prefix(count)))
            #expect(DamageRead.readAll(url) == .failed(.truncatedHeader(path: url.path, bytes: count)))
        }
    }

    @Test func headerCutAtEveryByte() throws {
        let sample = try DamageSample()
        for count in 1..<sample.headerSize {
            let url = try sample.file(Array(sample.bytes.prefix(count)))
            #expect(DamageRead.readAll(url) == .failed(.truncatedHeader(path: url.path, bytes: count)), "cut after \(count) bytes")
        }
        let description = JournalError.truncatedHeader(path: "x.journal", bytes: 20).description
        #expect(description.contains("after 20 bytes"))
    }

    @Test func headerOnlyIsAnEmptyOpenJournal() throws {
        let sample = try DamageSample()
        let url = try sample.file(Array(sample.bytes.prefix(sample.headerSize)))
        #expect(DamageRead.readAll(url) == .read([], .open))
        let journal = try #require(try? DamageRead.open(url).get())
        #expect(journal.stepCount == 0)
        #expect(journal.index.ending == .open)
        #expect(journal.header.metadata == FormatSpec.vectorMetadata)
    }

    @Test(arguments: [3, 4, 0x100, 0xFFFF] as [UInt16])
    func newerMajorVersion(major: UInt16) throws {
        let sample = try DamageSample()
        let patched = FormatSpec.withVersion(sample.bytes, major: major)
        let url = try sample.file(patched)
        let expected = JournalError.newerMajorVersion(path: url.path, found: major, supported: JournalFormat.majorVersion)
        #expect(DamageRead.readAll(url) == .failed(expected))
        #expect(expected.description.contains("\(major).x"))
        #expect(expected.description.contains("(2.x)"))
        #expect(expected.description.contains(url.path))

        // The version is checked before the checksum, so a later major version may change
        // the rest of the header: the same error with the old checksum left in place.
        var unfixed = sample.bytes
        unfixed.replaceSubrange(8..<10, with: FormatSpec.littleEndian(UInt64(major), width: 2))
        let unfixedURL = try sample.file(unfixed)
        #expect(DamageRead.readAll(unfixedURL) == .failed(.newerMajorVersion(path: unfixedURL.path, found: major, supported: JournalFormat.majorVersion)))

        // And with nothing after the first 32 bytes but zeros.
        let minimal = Array(patched.prefix(12)) + [UInt8](repeating: 0, count: 20)
        let minimalURL = try sample.file(minimal)
        #expect(DamageRead.readAll(minimalURL) == .failed(.newerMajorVersion(path: minimalURL.path, found: major, supported: JournalFormat.majorVersion)))
    }

    @Test func majorVersionZeroIsCorrupt() throws {
        let sample = try DamageSample()
        let url = try sample.file(FormatSpec.withVersion(sample.bytes, major: 0))
        #expect(DamageRead.readAll(url) == .failed(.corruptHeader(path: url.path, reason: "unknown major version 0")))
    }

    @Test(arguments: [1, 7, 0xFFFF] as [UInt16])
    func newerMinorVersionIsRead(minor: UInt16) throws {
        let sample = try DamageSample()
        let url = try sample.file(FormatSpec.withVersion(sample.bytes, major: 1, minor: minor))
        #expect(DamageRead.readAll(url) == .read(sample.records, .closed))
        #expect(try JournalReader(url: url).header.minorVersion == minor)
    }

    /// Any byte of the salt, the metadata or the stored checksum changed.
    @Test func badHeaderChecksum() throws {
        let sample = try DamageSample()
        let positions = Array(10..<28) + Array(32..<sample.headerSize)
        for position in positions {
            var bytes = sample.bytes
            bytes[position] ^= 0x01
            let url = try sample.file(bytes)
            #expect(DamageRead.readAll(url) == .failed(.corruptHeader(path: url.path, reason: "header checksum mismatch")), "byte \(position)")
        }
        let description = JournalError.corruptHeader(path: "x.journal", reason: "header checksum mismatch").description
        #expect(description.contains("header checksum mismatch"))
    }

    /// A damaged metadata length is never read as a header: it is corrupt, or the header
    /// appears to run past the end of the file.
    @Test func damagedMetadataLength() throws {
        let sample = try DamageSample()
        for position in 28..<32 {
            for mask: UInt8 in [0x01, 0x10, 0x80, 0xFF] {
                var bytes = sample.bytes
                bytes[position] ^= mask
                let url = try sample.file(bytes)
                switch DamageRead.readAll(url) {
                case .failed(.corruptHeader), .failed(.truncatedHeader):
                    break
                case let other:
                    Issue.record("metadata length byte \(position) ^ \(mask): \(other)")
                }
            }
        }
    }

    @Test func metadataOverTheLimit() throws {
        let sample = try DamageSample()
        var bytes = Array(sample.bytes.prefix(28))
        bytes += FormatSpec.littleEndian(UInt64(JournalFormat.maximumMetadataSize + 1), width: 4)
        bytes += [UInt8](repeating: 0, count: JournalFormat.maximumMetadataSize + 8)
        let url = try sample.file(bytes)
        #expect(DamageRead.readAll(url) == .failed(.corruptHeader(path: url.path, reason: "metadata of 65537 bytes exceeds 65536")))
    }

    @Test func metadataAtTheLimitIsRead() throws {
        // One pair whose value fills the block to exactly 64 KiB.
        var block = ByteWriter()
        block.varint(1)
        block.string("k")
        let valueLength = JournalFormat.maximumMetadataSize - block.bytes.count - 3
        block.string(String(repeating: "v", count: valueLength))
        #expect(block.bytes.count == JournalFormat.maximumMetadataSize)
        let header = JournalHeader(salt: FormatSpec.vectorSalt, metadata: ["k": String(repeating: "v", count: valueLength)]).encoded()
        #expect(header.count == 36 + JournalFormat.maximumMetadataSize)
        let folder = try FormatScratchFolder()
        let url = try folder.write(header)
        #expect(DamageRead.readAll(url) == .read([], .open))
    }

    /// A metadata block that is checksummed but malformed inside (a count larger than its
    /// pairs) is corrupt.
    @Test func malformedMetadataBlockWithValidChecksum() throws {
        let folder = try FormatScratchFolder()
        for block in [[0x02, 0x01, 0x61, 0x01, 0x62], [0x01, 0x01, 0x61, 0x02, 0xC3, 0x28], [0x01, 0x05, 0x61]] as [[UInt8]] {
            let url = try folder.write(Self.header(block: block))
            guard case .failed(.corruptHeader) = DamageRead.readAll(url) else {
                Issue.record("block \(FormatSpec.hex(block)): \(DamageRead.readAll(url))")
                continue
            }
        }
    }

    /// Bytes after the pairs, inside the checksummed block, are ignored (section 3).
    @Test func bytesAfterTheMetadataPairsAreIgnored() throws {
        let folder = try FormatScratchFolder()
        let url = try folder.write(Self.header(block: [0x01, 0x01, 0x61, 0x01, 0x62, 0xFF, 0x00]))
        let reader = try JournalReader(url: url)
        #expect(reader.header.metadata == ["a": "b"])
        #expect(reader.header.size == 36 + 7)
    }

    /// A metadata key whose length counts its own length byte: one byte more than the block
    /// holds. Run in a child process, since the reader must fail with an error, not trap.
    @Test func metadataStringRunningOneBytePastTheBlockIsRejectedNotTrapped() async {
        await #expect(processExitsWith: .success) {
            let folder = try? FormatScratchFolder("metadataStringChild")
            // 1 pair; the key declares 2 bytes but 1 follows.
            guard let folder, let url = try? folder.write(HeaderDamageTests.header(block: [0x01, 0x02, 0x61])) else { exit(4) }
            guard case .failed(.corruptHeader) = DamageRead.readAll(url) else { exit(3) }
        }
    }

    /// A version 1.0 header around a given metadata block, with a correct checksum.
    static func header(block: [UInt8]) -> [UInt8] {
        var bytes = JournalFormat.magic + [0x01, 0x00, 0x00, 0x00] + FormatSpec.vectorSalt
        bytes += FormatSpec.littleEndian(UInt64(block.count), width: 4)
        bytes += block
        bytes += FormatSpec.littleEndian(UInt64(CRC32C.mask(CRC32C.checksum(bytes))), width: 4)
        return bytes
    }
}
