/// The plan of a large app, drawn from a seed: which atoms exist and whom each one watches.
///
/// The shape is that of a real app rather than a chain or a random graph: a few app-wide hub
/// atoms (session, settings, locale…) that many atoms watch; then feature after feature, each
/// with its own inputs (state), one fetch (a task, watched through its phase), two to four
/// layers of derived atoms that watch one to four upstreams (mostly the layer above, sometimes
/// further up, sometimes a hub or an output of an earlier feature), in one feature out of four
/// a long processing pipeline, and screens (subscribers) that watch the feature's last atoms.
/// The same `atoms` and `seed` always give the same plan.
struct AppBlueprint: Sendable {
    /// An atom of the app, by its place in the plan.
    enum Ref: Hashable, Sendable {
        case hub(Hub)
        case input(feature: Int, slot: Int)
        /// The phase of the feature's fetch task (the task and its phase are two atoms).
        case fetchPhase(feature: Int)
        /// A derived atom of layer 1 or deeper (layer 0 is the inputs and the fetch).
        case derived(feature: Int, layer: Int, slot: Int)
        case pipeline(feature: Int, step: Int)
    }

    /// The app-wide atoms every feature may watch.
    enum Hub: CaseIterable, Sendable {
        case session, settings, locale, clock, networkStatus, featureFlags
        /// Derived from the settings.
        case theme
        /// Derived from the session.
        case currentUser
    }

    /// One feature module.
    struct Feature: Sendable {
        var name: String
        var inputCount: Int
        /// What the fetch task watches.
        var fetchUpstreams: [Ref]
        /// `layers[l][slot]`: whom derived atom (layer `l + 1`, `slot`) watches.
        var layers: [[[Ref]]]
        /// `pipeline[step]`: whom each pipeline step watches.
        var pipeline: [[Ref]]
        var screens: [Screen]

        /// Inputs, the fetch task and its phase, derived atoms and pipeline steps.
        var atomCount: Int {
            inputCount + 2 + layers.reduce(0) { $0 + $1.count } + pipeline.count
        }
    }

    /// A subscriber: a named view context and what it watches.
    struct Screen: Sendable {
        var name: String
        var watched: [Ref]
    }

    /// The fewest atoms a plan can have: the hubs and one minimal feature.
    static let minimumAtoms = Hub.allCases.count + 4

    let features: [Feature]
    private let featureIndex: [String: Int]

    /// Every atom of the app: the hubs and every feature's atoms.
    var atomCount: Int {
        features.reduce(Hub.allCases.count) { $0 + $1.atomCount }
    }

    /// Every screen of the app.
    var screens: [Screen] { features.flatMap(\.screens) }

    private static let featureNames = [
        "Cart", "Catalog", "Search", "Profile", "Orders", "Inbox", "Feed", "Billing",
        "Reviews", "Shipping", "Wishlist", "Alerts", "Checkout", "Favorites", "Onboarding", "Reports",
    ]
    private static let screenNames = ["List", "Detail", "Header", "Toolbar", "Badge", "Sidebar", "Footer", "Editor"]

    /// Plans an app of exactly `atoms` atoms (at least ``minimumAtoms``).
    init(atoms: Int, seed: UInt64) {
        precondition(atoms >= Self.minimumAtoms, "an app has at least \(Self.minimumAtoms) atoms")
        var random = SeededGenerator(seed: seed)
        var features: [Feature] = []
        var outputs: [Ref] = []
        var remaining = atoms - Hub.allCases.count
        while remaining > 0 {
            var size = min(remaining, Int.random(in: 25...60, using: &random))
            // Never leave less than a feature's worth behind: the last one takes the rest.
            if remaining - size < 12 { size = remaining }
            let feature = Self.feature(number: features.count, size: size, outputs: &outputs, random: &random)
            features.append(feature)
            remaining -= feature.atomCount
        }
        // A small app may leave a hub unwatched, and so unresolved: its last screen (a
        // settings page, say) shows those.
        var watched = Set(features.flatMap { feature in
            feature.fetchUpstreams + feature.layers.joined().joined() + feature.pipeline.joined() + feature.screens.flatMap(\.watched)
        })
        for hub in Hub.allCases where watched.contains(.hub(hub)) {
            watched.formUnion(Self.upstreams(ofHub: hub))
        }
        let idle = Hub.allCases.map(Ref.hub).filter { !watched.contains($0) }
        let last = features.count - 1
        features[last].screens[features[last].screens.count - 1].watched += idle
        self.features = features
        featureIndex = Dictionary(uniqueKeysWithValues: features.enumerated().map { ($1.name, $0) })
    }

    /// The feature called `name`.
    func feature(named name: String) -> Int? { featureIndex[name] }

    /// Whom the atom at `ref` watches.
    func upstreams(of ref: Ref) -> [Ref] {
        switch ref {
        case .hub(let hub): Self.upstreams(ofHub: hub)
        case .input: []
        case .fetchPhase(let feature): features[feature].fetchUpstreams
        case .derived(let feature, let layer, let slot): features[feature].layers[layer - 1][slot]
        case .pipeline(let feature, let step): features[feature].pipeline[step]
        }
    }

    private static func upstreams(ofHub hub: Hub) -> [Ref] {
        switch hub {
        case .theme: [.hub(.settings)]
        case .currentUser: [.hub(.session)]
        default: []
        }
    }

    private static func feature(number: Int, size: Int, outputs: inout [Ref], random: inout SeededGenerator) -> Feature {
        let round = number / featureNames.count
        let name = featureNames[number % featureNames.count] + (round == 0 ? "" : "\(round + 1)")
        let inputCount = max(1, size / 8)
        let rest = size - inputCount - 2
        let pipelineLength = rest > 16 && random.chance(25) ? Int.random(in: 6...min(24, rest / 2), using: &random) : 0
        let derivedCount = rest - pipelineLength
        let layerCount = min(derivedCount, Int.random(in: 2...4, using: &random))

        // Layer 0: the inputs and the fetch's phase; the fetch watches the first input and who
        // is signed in (never an atom the session's actions set, so no fetch restarts later).
        var refs: [[Ref]] = [(0..<inputCount).map { .input(feature: number, slot: $0) } + [.fetchPhase(feature: number)]]
        let fetchUpstreams: [Ref] = [.input(feature: number, slot: 0), .hub(random.chance(50) ? .currentUser : .session)]
        var layers: [[[Ref]]] = []
        for layer in 1...layerCount {
            let count = derivedCount / layerCount + (layer <= derivedCount % layerCount ? 1 : 0)
            var watchers: [[Ref]] = []
            for _ in 0..<count {
                var upstreams = [pick(refs[layer - 1], &random)]
                let wanted = [1, 1, 2, 2, 2, 3, 3, 4][Int.random(in: 0..<8, using: &random)]
                for _ in 0..<20 where upstreams.count < wanted {
                    let from = random.chance(70) ? layer - 1 : Int.random(in: 0..<layer, using: &random)
                    add(pick(refs[from], &random), to: &upstreams)
                }
                if random.chance(30) { add(.hub(pick(Hub.allCases, &random)), to: &upstreams) }
                if !outputs.isEmpty, random.chance(10) { add(pick(outputs, &random), to: &upstreams) }
                watchers.append(upstreams)
            }
            layers.append(watchers)
            refs.append(watchers.indices.map { .derived(feature: number, layer: layer, slot: $0) })
        }

        var pipeline: [[Ref]] = []
        var tail = refs[refs.count - 1]
        if pipelineLength > 0 {
            var previous = pick(tail, &random)
            for step in 0..<pipelineLength {
                var upstreams = [previous]
                if random.chance(20) {
                    let layer = pick(refs, &random)
                    add(pick(layer, &random), to: &upstreams)
                }
                pipeline.append(upstreams)
                previous = .pipeline(feature: number, step: step)
            }
            tail.append(previous)
        }
        for _ in 0..<min(2, tail.count) { add(pick(tail, &random), to: &outputs) }

        let pool = refs.suffix(2).flatMap { $0 } + (pipeline.isEmpty ? [] : [tail[tail.count - 1]])
        var screens: [Screen] = []
        for index in 0..<max(1, size / 10) {
            let round = index / screenNames.count
            var watched = [pick(pool, &random)]
            let wanted = Int.random(in: 1...4, using: &random)
            for _ in 0..<20 where watched.count < wanted {
                add(random.chance(80) ? pick(pool, &random) : .hub(pick(Hub.allCases, &random)), to: &watched)
            }
            screens.append(Screen(name: name + screenNames[index % screenNames.count] + (round == 0 ? "" : "\(round + 1)"), watched: watched))
        }
        // An atom that nothing watches would never be resolved, so it would not be in the
        // app at all: the feature's screens show whatever its atoms do not use.
        let used = Set(layers.joined().joined()).union(pipeline.joined()).union(screens.flatMap(\.watched))
        let unused = refs.joined().filter { !used.contains($0) }
            + (0..<pipeline.count).map { Ref.pipeline(feature: number, step: $0) }.filter { !used.contains($0) }
        for (index, ref) in unused.enumerated() {
            screens[index % screens.count].watched.append(ref)
        }
        return Feature(name: name, inputCount: inputCount, fetchUpstreams: fetchUpstreams, layers: layers, pipeline: pipeline, screens: screens)
    }

    /// An element of a list the plan built, never empty.
    private static func pick<T>(_ list: [T], _ random: inout SeededGenerator) -> T {
        list[Int.random(in: 0..<list.count, using: &random)]
    }

    /// Appends `ref` unless present: an atom watches another once. A list, not a `Set`,
    /// because a set's order changes from run to run and the plan must not.
    private static func add(_ ref: Ref, to list: inout [Ref]) {
        if !list.contains(ref) { list.append(ref) }
    }
}
