// Append throughput: `JournalWriter.append(.step(...))` of typical small steps (one updated
// Int value, a cause atom and location, operation "set"), flush policy `.never` (so the
// writer writes whenever its 64 KiB buffer fills), next to writing the very same bytes to a
// new file in 64 KiB `write(2)` calls (the physical floor).
//
// One iteration: a new writer (not measured) appends 100,000 steps (measured); closing it
// (the fsync) is not measured. Then the file's bytes are written again the plain way.

import AtomJournal
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

private let appendSteps = 100_000
/// Distinct updated sections, built once: the steps share them as an app's steps share
/// nothing but look alike (a new Int each time).
private let updatedSections: [[JournalValueEntry]] = (0..<1024).map {
    [JournalValueEntry(atom: 7, value: .json(String(1_000 + $0)))]
}

@MainActor
private enum AppendState {
    static var directory: URL?
    static var runs = 0
}

/// Appends the steps to a new journal; returns the nanoseconds the appends took and the
/// file's bytes.
@MainActor
private func appendSample(_ url: URL) -> (nanoseconds: Int, bytes: [UInt8]) {
    let writer = must("creating \(url.path)") { () throws(JournalError) in
        try JournalWriter(url: url, flushPolicy: .never)
    }
    let headerBytes = writer.bytesWritten
    var failure: JournalError?
    let elapsed = nanoseconds {
        var time: Int64 = 0
        do throws(JournalError) {
            for index in 0..<appendSteps {
                time += 37 + Int64(index & 255)
                try writer.append(.step(JournalStep(
                    commit: index + 2, time: time, operation: "set", causeAtom: 7, causeLocation: 0,
                    updated: updatedSections[index & 1023]
                )))
            }
        } catch {
            failure = error
        }
    }
    check(failure == nil, "append failed: \(String(describing: failure))")
    check(writer.stepCount == appendSteps, "writer counted \(writer.stepCount) steps")
    let appended = writer.bytesWritten - headerBytes
    // A step here is 17 bytes of frame header and 11 or 12 of payload: the time delta takes one
    // or two bytes, and the value (1,000 to 2,023) two as an integer (format 2.0).
    check(appended >= appendSteps * 28 && appended <= appendSteps * 29, "\(appended) bytes for \(appendSteps) steps")
    must("closing \(url.path)") { () throws(JournalError) in try writer.close() }
    let bytes = must("reading \(url.path)") { try [UInt8](Data(contentsOf: url)) }
    check(bytes.count == writer.bytesWritten, "file has \(bytes.count) bytes, writer counted \(writer.bytesWritten)")
    return (elapsed, bytes)
}

/// Writes `bytes` to a new file in 64 KiB chunks; returns the nanoseconds the writes took.
private func plainWriteSample(_ url: URL, _ bytes: [UInt8]) -> Int {
    let descriptor = must("creating \(url.path)") {
        try FileDescriptor.open(FilePath(url.path), .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
    }
    let chunk = 64 << 10
    let elapsed = bytes.withUnsafeBytes { buffer in
        nanoseconds {
            var offset = 0
            while offset < buffer.count {
                let end = min(offset + chunk, buffer.count)
                let written = must("writing \(url.path)") {
                    try descriptor.writeAll(UnsafeRawBufferPointer(rebasing: buffer[offset..<end]))
                }
                check(written == end - offset, "short write")
                offset = end
            }
        }
    }
    _ = fsync(descriptor.rawValue)
    must("closing \(url.path)") { try descriptor.close() }
    check(fileSize(url) == bytes.count, "plain write: wrong size")
    return elapsed
}

func registerAppend() {
    let append = metric("append")
    let write = metric("write")
    let rate = metric("stepsPerSecond", prefersLarger: true)
    Benchmark(
        "journal.append",
        configuration: benchmarkConfiguration(
            [append, write, rate], warmup: 1, iterations: 10,
            setup: { await MainActor.run { AppendState.directory = TemporaryDirectory.make("append") } },
            teardown: {
                await MainActor.run {
                    if let directory = AppendState.directory { TemporaryDirectory.remove(directory) }
                    AppendState.directory = nil
                }
            }
        )
    ) { benchmark in
        let (appendTime, writeTime) = await MainActor.run {
            guard let directory = AppendState.directory else { fatalError("no temporary directory") }
            let run = AppendState.runs
            AppendState.runs += 1
            let journalURL = directory.appending(path: "append-\(run).journal")
            let plainURL = directory.appending(path: "plain-\(run).bin")
            let (appendTime, bytes) = appendSample(journalURL)
            if run == 0 {
                // The appended journal reads back with every step.
                let journal = must("opening the appended journal") { () throws(JournalError) in try Journal(url: journalURL) }
                check(journal.stepCount == appendSteps, "appended journal has \(journal.stepCount) steps")
                let step = must("decoding a step") { () throws(JournalError) in try journal.step(at: appendSteps - 1) }
                check(step.commit == appendSteps + 1 && step.updated == updatedSections[(appendSteps - 1) & 1023], "last step \(step)")
            }
            let writeTime = plainWriteSample(plainURL, bytes)
            try? FileManager.default.removeItem(at: journalURL)
            try? FileManager.default.removeItem(at: plainURL)
            return (appendTime, writeTime)
        }
        benchmark.measurement(append, appendTime)
        benchmark.measurement(write, writeTime)
        benchmark.measurement(rate, Int((Double(appendSteps) / (Double(appendTime) / 1e9)).rounded()))
    }
}
