/// An effect that performs an action each time its atom is released.
///
/// ```swift
/// func effect(context: CurrentContext) -> some AtomEffect {
///     ReleaseEffect { print("released") }
/// }
/// ```
public struct ReleaseEffect: AtomEffect {
    private let action: @MainActor () -> Void

    /// Creates the effect with the action to perform.
    public init(perform action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    public func released(context: Context) {
        action()
    }
}
