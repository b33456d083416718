import Atoms

/// The plan the atoms below follow: set once, before anything is watched.
///
/// A global rather than a stored property of each atom, because an atom's stored properties
/// are its id, and the ids should read like an app's (`DerivedAtom(feature: "Cart", layer:
/// 2, slot: 3)`), not carry the whole plan.
@MainActor
enum LargeApp {
    static var blueprint = AppBlueprint(atoms: AppBlueprint.minimumAtoms, seed: 1)
}

// The app-wide hubs. Int values keep the journal small; what matters here is the graph.

struct SessionAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 1 }
}

struct SettingsAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

struct LocaleAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

struct ClockAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

struct NetworkStatusAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 1 }
}

struct FeatureFlagsAtom: StateAtom, Hashable {
    func defaultValue(context: Context) -> Int { 0 }
}

struct ThemeAtom: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        context.watch(SettingsAtom()) % 2
    }
}

struct CurrentUserAtom: ValueAtom, Hashable {
    func value(context: Context) -> Int {
        context.watch(SessionAtom()) * 7
    }
}

// A feature's atoms, named by feature and place.

/// A feature's input: a query, a filter, a selection.
struct InputAtom: StateAtom, Hashable {
    let feature: String
    let slot: Int

    func defaultValue(context: Context) -> Int { 0 }
}

/// A feature's fetch: finishes at once with what it watched, as a cached response would.
struct FetchAtom: TaskAtom, Hashable {
    let feature: String

    func value(context: Context) async -> Int {
        guard let number = LargeApp.blueprint.feature(named: feature) else { return 0 }
        return combine(LargeApp.blueprint.upstreams(of: .fetchPhase(feature: number)), seed: 1, context: context)
    }
}

/// A value derived from one to four upstreams.
struct DerivedAtom: ValueAtom, Hashable {
    let feature: String
    let layer: Int
    let slot: Int

    func value(context: Context) -> Int {
        guard let number = LargeApp.blueprint.feature(named: feature) else { return 0 }
        return combine(LargeApp.blueprint.upstreams(of: .derived(feature: number, layer: layer, slot: slot)), seed: slot + 1, context: context)
    }
}

/// One step of a feature's processing pipeline: a long chain.
struct PipelineAtom: ValueAtom, Hashable {
    let feature: String
    let step: Int

    func value(context: Context) -> Int {
        guard let number = LargeApp.blueprint.feature(named: feature) else { return 0 }
        return combine(LargeApp.blueprint.upstreams(of: .pipeline(feature: number, step: step)), seed: step + 1, context: context)
    }
}

/// Watches every atom of `refs` and mixes their values into one small number.
@MainActor
func combine(_ refs: [AppBlueprint.Ref], seed: Int, context: some AtomWatchableContext) -> Int {
    refs.reduce(seed) { ($0 &* 31 &+ watch($1, in: context)) % 1_000_003 }
}

/// Watches the atom that `ref` names and returns its value (0 for a fetch still running).
@MainActor
func watch(_ ref: AppBlueprint.Ref, in context: some AtomWatchableContext) -> Int {
    let features = LargeApp.blueprint.features
    switch ref {
    case .hub(.session): return context.watch(SessionAtom())
    case .hub(.settings): return context.watch(SettingsAtom())
    case .hub(.locale): return context.watch(LocaleAtom())
    case .hub(.clock): return context.watch(ClockAtom())
    case .hub(.networkStatus): return context.watch(NetworkStatusAtom())
    case .hub(.featureFlags): return context.watch(FeatureFlagsAtom())
    case .hub(.theme): return context.watch(ThemeAtom())
    case .hub(.currentUser): return context.watch(CurrentUserAtom())
    case .input(let feature, let slot):
        return context.watch(InputAtom(feature: features[feature].name, slot: slot))
    case .fetchPhase(let feature):
        if case .success(let value) = context.watch(FetchAtom(feature: features[feature].name).phase) { return value }
        return 0
    case .derived(let feature, let layer, let slot):
        return context.watch(DerivedAtom(feature: features[feature].name, layer: layer, slot: slot))
    case .pipeline(let feature, let step):
        return context.watch(PipelineAtom(feature: features[feature].name, step: step))
    }
}
