import ArgumentParser

/// The words every step-taking option and argument uses in its help, so that steps read as
/// numbered one way everywhere: steps are 1 to the last, and 0 is the state before the first.
enum StepHelp {
    /// For an option that names a state (the state after a step): 0 to the last step.
    static let state = "0 is the state before the first step"
    /// For an option that names a step itself: 1 to the last step.
    static let step = "steps are numbered from 1; 0 is the state before the first step"

    /// A negative number where a state goes: no journal has it, so it is a usage error,
    /// found before any journal is read.
    static func refuseNegativeState(_ number: Int?) throws(ValidationError) {
        guard let number, number < 0 else { return }
        throw ValidationError("step \(number) is out of range: states are 0 or more (\(state))")
    }

    /// A negative number where a step goes.
    static func refuseNegativeStep(_ number: Int?) throws(ValidationError) {
        guard let number, number < 0 else { return }
        throw ValidationError("step \(number) is out of range: \(step)")
    }
}
