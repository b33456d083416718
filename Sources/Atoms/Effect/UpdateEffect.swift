/// An effect that performs an action each time its atom is changed.
///
/// ```swift
/// func effect(context: CurrentContext) -> some AtomEffect {
///     UpdateEffect { print("changed") }
/// }
/// ```
public struct UpdateEffect: AtomEffect {
    private let action: @MainActor () -> Void

    /// Creates the effect with the action to perform.
    public init(perform action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    public func updated(context: Context) {
        action()
    }
}
