import AtomJournal
import Atoms

/// The counter's user actions, one commit each, in a fixed pattern: mostly increments by
/// the step size; every 10th action a batch that changes the step size and increments by
/// it in one commit; every 25th a reset of the count.
@MainActor
struct CounterSession {
    let context: AtomViewContext
    private(set) var actions = 0

    init(context: AtomViewContext) {
        self.context = context
    }

    /// Performs the next action: exactly one commit.
    mutating func next() {
        actions += 1
        if actions.isMultiple(of: 25) {
            context.reset(CounterAtom())
        } else if actions.isMultiple(of: 10) {
            let step = (actions / 10) % 5 + 1
            context.batch("bump") {
                context.set(step, for: StepSizeAtom())
                context[CounterAtom()] += step
            }
        } else {
            let step = context.read(StepSizeAtom())
            context.modify(CounterAtom()) { $0 += step }
        }
    }
}
