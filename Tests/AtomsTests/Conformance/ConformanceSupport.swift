// Shared helpers for the seed-conformance suites.
//
// Every seed example in this folder is declared inside its own suite type, so that the
// seed's repeated names (`CounterAtom`, `APIClientAtom`, ...) never collide with each other
// or with the rest of the test target. The bodies of the seed declarations are kept in the
// seed README's shape; only the harness around them is ours.

import Atoms

/// A main-actor recorder for callbacks (`onUpdate`, effects, observers).
///
/// It is a main-actor class, hence `Sendable`, so it can be captured by any kind of
/// callback closure the library declares.
@MainActor
final class ConformanceProbe {
    var count = 0
    var log: [String] = []

    init() {}

    func hit() {
        count += 1
    }

    func record(_ entry: String) {
        log.append(entry)
    }
}
