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
}
