/// What a reader has done so far, counted so that tests can show a scan's work is linear in
/// the file's size without timing anything.
struct ScanWork: Equatable {
    /// Bytes read from the file.
    var bytesRead = 0
    /// Bytes the checksum was computed over, frame by frame.
    var bytesChecksummed = 0
    /// Bytes a search for valid frames after damage swept.
    var bytesSwept = 0
    /// Candidate frame headers that passed the cheap checks and had their checksum tested.
    var candidates = 0
    /// Frames a visitor took in runs (``JournalFrameVisitor/visitRun(_:)``) rather than one by
    /// one: steps indexed by the C loop.
    var framesTakenInRuns = 0
    /// Of those, the steps the C loop took one at a time, the way it takes a usual step.
    var framesTakenSingly = 0
    /// Frames a split index's second half took on another thread (see ``IndexSplit``).
    var framesIndexedApart = 0
}

extension ScanWork {
    /// Adds the work another reader did: the second half of a split index.
    mutating func add(_ other: ScanWork) {
        bytesRead += other.bytesRead
        bytesChecksummed += other.bytesChecksummed
        bytesSwept += other.bytesSwept
        candidates += other.candidates
        framesTakenInRuns += other.framesTakenInRuns
        framesTakenSingly += other.framesTakenSingly
        framesIndexedApart += other.framesIndexedApart
    }
}
