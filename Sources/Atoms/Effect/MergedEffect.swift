/// An effect that forwards every lifecycle event to several effects, in order.
///
/// ```swift
/// func effect(context: CurrentContext) -> some AtomEffect {
///     MergedEffect(InitializeEffect { start() }, ReleaseEffect { stop() })
/// }
/// ```
public struct MergedEffect<each Effect: AtomEffect>: AtomEffect {
    private let effects: (repeat each Effect)

    /// Creates an effect from the effects to merge.
    public init(_ effect: repeat each Effect) {
        effects = (repeat each effect)
    }

    public func initialized(context: Context) {
        for effect in repeat each effects {
            effect.initialized(context: context)
        }
    }

    public func updated(context: Context) {
        for effect in repeat each effects {
            effect.updated(context: context)
        }
    }

    public func released(context: Context) {
        for effect in repeat each effects {
            effect.released(context: context)
        }
    }
}
