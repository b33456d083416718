/// One line's worth of `log` or `replay`: a step, or a mark among the steps.
public enum TimelineEntry: Sendable, Equatable {
    /// A step, by number.
    case step(Int)
    /// A mark made by `JournalRecorder.mark(_:)`.
    case mark(TimelineMark)
}

extension Timeline {
    /// Steps and the journal's marks in the order they happened, as `log` and `replay` print
    /// them: a mark comes after the step it follows and before the next one listed, and a
    /// mark made before the first step comes first.
    ///
    /// Marks are landmarks, so every mark in `marks` is placed even when the steps are a
    /// selection (the steps that changed one atom): it goes after the last listed step at or
    /// before the step it follows.
    ///
    /// - Parameters:
    ///   - steps: Step numbers, ascending.
    ///   - marks: The marks to place, in journal order (by default all of them).
    public func entries(steps: [Int], marks: [TimelineMark]? = nil) -> [TimelineEntry] {
        let marks = marks ?? self.marks
        var entries: [TimelineEntry] = []
        entries.reserveCapacity(steps.count + marks.count)
        var next = marks.startIndex
        for number in steps {
            while next < marks.endIndex, marks[next].step < number {
                entries.append(.mark(marks[next]))
                next += 1
            }
            entries.append(.step(number))
        }
        entries += marks[next...].map(TimelineEntry.mark)
        return entries
    }
}
