/// An effect that performs an action each time its atom is initialized.
///
/// ```swift
/// func effect(context: CurrentContext) -> some AtomEffect {
///     InitializeEffect { print("initialized") }
/// }
/// ```
public struct InitializeEffect: AtomEffect {
    private let action: @MainActor () -> Void

    /// Creates the effect with the action to perform.
    public init(perform action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    public func initialized(context: Context) {
        action()
    }
}
