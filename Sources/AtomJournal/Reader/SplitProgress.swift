/// The progress of a split index (see ``IndexSplit``): the bytes the first half has read
/// plus those the second half has scanned beside it, at most the file's size, and never
/// less than what was reported before, even when the first half scans on past the split
/// itself (the second half stopped early, or could not be joined).
final class SplitProgress {
    private let report: (Int) -> Void
    private let fileSize: Int
    /// What the second half has scanned; zero once the halves are joined or given up.
    var secondHalf: () -> Int
    private var highest = 0

    init(fileSize: Int, secondHalf: @escaping () -> Int, report: @escaping (Int) -> Void) {
        self.fileSize = fileSize
        self.secondHalf = secondHalf
        self.report = report
    }

    /// Told by the first half's reader that it has read up to `read`.
    func firstHalfRead(_ read: Int) {
        let total = min(read + secondHalf(), fileSize)
        guard total > highest else { return }
        highest = total
        report(total)
    }
}
