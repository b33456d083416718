@testable import AtomJournal
import Foundation

/// A journal written by a real `JournalWriter`, to damage in the ways crashes, disks and
/// hostile files do.
struct DamageSample {
    let folder: FormatScratchFolder
    /// The intact file's bytes.
    let bytes: [UInt8]
    /// The records written, in order.
    let records: [JournalRecord]
    let headerSize: Int
    let frames: [FormatSpec.FrameSpan]

    init(records: [JournalRecord] = FormatSpec.sampleRecords, name: String = #function) throws {
        folder = try FormatScratchFolder(name)
        self.records = records
        bytes = try FormatSpec.writeSample(to: folder.newFile("intact"), records: records)
        (headerSize, frames) = FormatSpec.layout(of: bytes)
    }

    var salt: [UInt8] { Array(bytes[12..<28]) }

    /// Writes bytes to a fresh file in the sample's folder.
    func file(_ bytes: [UInt8]) throws -> URL {
        try folder.write(bytes, name: "damaged")
    }

    /// The frame's bytes.
    func frameBytes(_ index: Int) -> [UInt8] {
        Array(bytes[frames[index].offset..<frames[index].end])
    }

    /// The journal rebuilt from frames given as (type, payload), numbered from 0 under the
    /// sample's salt, after the sample's header.
    func rebuilt(_ frames: [(type: UInt8, payload: [UInt8])]) -> [UInt8] {
        var result = Array(bytes[0..<headerSize])
        for (sequence, frame) in frames.enumerated() {
            result += FormatSpec.frame(type: frame.type, sequence: UInt64(sequence), payload: frame.payload, salt: salt)
        }
        return result
    }

    /// The sample's frames as (type, payload).
    var framePayloads: [(type: UInt8, payload: [UInt8])] {
        frames.map { span in (bytes[span.offset + 8], Array(bytes[(span.offset + 17)..<span.end])) }
    }
}

/// What reading a damaged file gave.
enum DamageOutcome: Equatable, CustomStringConvertible {
    case read([JournalRecord], JournalEnding)
    case failed(JournalError)

    var description: String {
        switch self {
        case .read(let records, let ending): "\(records.count) records, \(ending)"
        case .failed(let error): "error: \(error)"
        }
    }

    var error: JournalError? {
        if case .failed(let error) = self { error } else { nil }
    }

    var ending: JournalEnding? {
        if case .read(_, let ending) = self { ending } else { nil }
    }
}

enum DamageRead {
    /// Reads every record with `JournalReader.readAll`.
    static func readAll(_ url: URL) -> DamageOutcome {
        do throws(JournalError) {
            let (records, ending) = try JournalReader(url: url).readAll()
            return .read(records, ending)
        } catch {
            return .failed(error)
        }
    }

    /// Scans the frames and says which frame offsets were handed out before the scan ended or
    /// failed.
    static func scan(_ url: URL) -> (visited: [Int], result: Result<JournalEnding, JournalError>) {
        var visited: [Int] = []
        do throws(JournalError) {
            let reader = try JournalReader(url: url)
            let ending = try reader.scanFrames { frame throws(JournalError) in visited.append(frame.offset) }
            return (visited, .success(ending))
        } catch {
            return (visited, .failure(error))
        }
    }

    /// Opens the file as a `Journal` (scan and index).
    static func open(_ url: URL) -> Result<Journal, JournalError> {
        do throws(JournalError) {
            return .success(try Journal(url: url))
        } catch {
            return .failure(error)
        }
    }
}

extension JournalError {
    /// The offset a frame error names, if it names one.
    var frameOffset: Int? {
        switch self {
        case .corruptFrame(_, let offset, _), .frameTooLarge(_, let offset, _): offset
        default: nil
        }
    }
}

/// The index or the error a journal gives when opened: what two ways of opening it must agree
/// on.
struct IndexOutcome: Equatable {
    var steps: [JournalIndex.StepEntry] = []
    var keyframes: [JournalIndex.KeyframeEntry] = []
    var marks: [JournalIndex.MarkEntry] = []
    var atoms = 0
    var atomDefinitions: [Int: JournalAtomDefinition] = [:]
    var subscriberDefinitions: [Int: JournalSubscriberDefinition] = [:]
    var locationDefinitions: [Int: JournalLocationDefinition] = [:]
    var unknownRecords = 0
    var close: JournalClose?
    var ending: JournalEnding?
    var error: JournalError?

    /// Opens `url` with a reader set up by `configure`; returns what it gave and the reader's
    /// work.
    static func open(_ url: URL, configure: (JournalReader) -> Void) throws -> (IndexOutcome, ScanWork) {
        let reader = try JournalReader(url: url)
        configure(reader)
        var outcome = IndexOutcome()
        do {
            let index = try JournalIndex(reader: reader)
            outcome.steps = Array(index.steps)
            outcome.keyframes = index.keyframes
            outcome.marks = index.marks
            outcome.atoms = index.atoms.count
            outcome.atomDefinitions = index.atoms
            outcome.subscriberDefinitions = index.subscribers
            outcome.locationDefinitions = index.locations
            outcome.unknownRecords = index.unknownRecords
            outcome.close = index.close
            outcome.ending = index.ending
        } catch {
            outcome.error = error
        }
        return (outcome, reader.work)
    }
}
