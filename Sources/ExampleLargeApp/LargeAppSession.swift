import Atoms

/// What the app does: every screen appears and watches its atoms, the fetches finish, then the
/// user acts (changes inputs and settings), one commit per action, in an order the seed fixes.
@MainActor
struct LargeAppSession {
    let root: AtomRoot
    let blueprint: AppBlueprint
    /// The screens' contexts; they stay open until the session is dropped, so the journal's
    /// last state holds the whole graph.
    private(set) var screens: [AtomViewContext] = []
    private var random: SeededGenerator

    init(root: AtomRoot, blueprint: AppBlueprint, seed: UInt64) {
        self.root = root
        self.blueprint = blueprint
        random = SeededGenerator(seed: seed ^ 0xAC71_0115)
    }

    /// Opens every screen: each watches its atoms, which resolves the graph.
    mutating func openScreens() {
        for screen in blueprint.screens {
            let context = root.context(name: screen.name)
            for ref in screen.watched { _ = watch(ref, in: context) }
            screens.append(context)
        }
    }

    /// Waits until every feature's fetch has finished, so that each phase is a success.
    func finishFetches() async {
        guard let context = screens.first else { return }
        for feature in blueprint.features {
            _ = await context.read(FetchAtom(feature: feature.name)).value
        }
        // The phases change in the commits that record the finished tasks; let them run.
        for _ in 0..<4 { await Task.yield() }
    }

    /// Performs `count` user actions: each sets one input (never the first of a feature, which
    /// its fetch watches) or one app-wide setting.
    mutating func act(_ count: Int) {
        guard let context = screens.first else { return }
        let inputs = blueprint.features.flatMap { feature in
            (1..<max(1, feature.inputCount)).map { InputAtom(feature: feature.name, slot: $0) }
        }
        for action in 0..<count {
            let value = action + 1
            switch Int.random(in: 0..<10, using: &random) {
            case 0: context.set(value, for: SettingsAtom())
            case 1: context.set(value, for: LocaleAtom())
            case 2: context.set(value, for: ClockAtom())
            case 3: context.set(value % 2, for: NetworkStatusAtom())
            case 4: context.set(value, for: FeatureFlagsAtom())
            default:
                if inputs.isEmpty {
                    context.set(value, for: ClockAtom())
                } else {
                    context.set(value, for: inputs[Int.random(in: 0..<inputs.count, using: &random)])
                }
            }
        }
    }
}
