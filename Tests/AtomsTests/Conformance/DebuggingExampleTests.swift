// Seed conformance: the "Debugging" guide — `snapshot()`, `graphDescription()` (DOT),
// `AtomRoot.observe`, `snapshot.lookup`, and time travel with `restore(_:)`.
//
// The graph is the tutorial's: FilterAtom and TodosAtom feed FilteredTodosAtom, a "TodoList"
// context watches FilteredTodosAtom and a "FilterPicker" context watches FilterAtom.

import Atoms
import Foundation
import Testing

@Suite("Seed conformance: debugging")
@MainActor
struct DebuggingConformanceTests {
    // MARK: Seed declarations (todo tutorial atoms; `Todo` trimmed to its text)

    enum Filter: CaseIterable, Hashable {
        case all, completed, uncompleted
    }

    struct TodosAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> [String] {
            []
        }
    }

    struct FilterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Filter {
            .all
        }
    }

    struct FilteredTodosAtom: ValueAtom, Hashable {
        func value(context: Context) -> [String] {
            let filter = context.watch(FilterAtom())
            let todos = context.watch(TodosAtom())

            switch filter {
            case .all:         return todos
            case .completed:   return todos.filter { $0.hasPrefix("x ") }
            case .uncompleted: return todos.filter { !$0.hasPrefix("x ") }
            }
        }
    }

    struct CounterAtom: StateAtom, Hashable {
        func defaultValue(context: Context) -> Int {
            0
        }
    }

    // MARK: Harness

    /// The DOT statements (trimmed, non-empty lines).
    private func statements(_ dot: String) -> [String] {
        dot.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether there is an edge statement whose source mentions `from` and whose target mentions `to`.
    private func hasEdge(_ dot: String, from: String, to: String) -> Bool {
        statements(dot).contains { statement in
            guard let arrow = statement.range(of: "->") else { return false }
            let source = statement[..<arrow.lowerBound]
            let target = statement[arrow.upperBound...]
            return quotedName(in: source).map { isNamed($0, from) } == true
                && quotedName(in: target).map { isNamed($0, to) } == true
        }
    }

    /// Whether an atom has an edge to the subscriber that watched it from this file at `line`,
    /// named `File.swift:line` (this project) or labelled `line:N` (the seed's form).
    private func hasSubscriberEdge(_ dot: String, from atom: String, line: Int) -> Bool {
        let file = "DebuggingExampleTests.swift"
        return statements(dot).contains { statement in
            guard let arrow = statement.range(of: "->"),
                  let source = quotedName(in: statement[..<arrow.lowerBound]),
                  let target = quotedName(in: statement[arrow.upperBound...]),
                  isNamed(source, atom)
            else { return false }
            return target.hasSuffix("\(file):\(line)")
                || (target.hasSuffix(file) && statement.contains("label=\"line:\(line)\""))
        }
    }

    /// The first double-quoted name in a piece of a DOT statement.
    private func quotedName(in text: Substring) -> String? {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// An atom id is the type name, possibly qualified (`Outer.TodosAtom`); match the last component.
    private func isNamed(_ id: String, _ name: String) -> Bool {
        id == name || id.hasSuffix("." + name) || id.hasPrefix(name + "(") || id.contains(name + ":")
            || id.hasSuffix("/" + name)
    }

    // MARK: Tests

    @Test("snapshot() captures the values of the atoms in use")
    func snapshotLookup() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let list = root.context()

        list.watch(FilteredTodosAtom())
        list[TodosAtom()] = ["a", "x b"]

        let snapshot = list.snapshot()
        #expect(snapshot.lookup(TodosAtom()) == ["a", "x b"])
        #expect(snapshot.lookup(FilterAtom()) == .all)
        #expect(snapshot.lookup(FilteredTodosAtom()) == ["a", "x b"])
        #expect(snapshot.lookup(CounterAtom()) == nil)

        // A snapshot is a point in time: later changes do not alter it.
        list[TodosAtom()].append("c")
        #expect(snapshot.lookup(TodosAtom()) == ["a", "x b"])
        #expect(list.snapshot().lookup(TodosAtom()) == ["a", "x b", "c"])
    }

    @Test("graphDescription() is DOT with boxes, upstream -> downstream edges and filled subscribers")
    func graphDescriptionDOT() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let todoList = root.context()
        let filterPicker = root.context()

        let listLine = #line + 1
        todoList.watch(FilteredTodosAtom())
        let pickerLine = #line + 1
        filterPicker.watch(FilterAtom())

        let dot = todoList.snapshot().graphDescription()

        #expect(dot.hasPrefix("digraph {"))
        #expect(dot.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("}"))
        #expect(dot.contains("node [shape=box]"))

        // Every atom in use is a node.
        for name in ["FilterAtom", "TodosAtom", "FilteredTodosAtom"] {
            #expect(dot.contains(name), "missing node \(name)")
        }
        #expect(!dot.contains("CounterAtom"))

        // Edges point from upstream to downstream.
        #expect(hasEdge(dot, from: "FilterAtom", to: "FilteredTodosAtom"))
        #expect(hasEdge(dot, from: "TodosAtom", to: "FilteredTodosAtom"))
        #expect(!hasEdge(dot, from: "FilteredTodosAtom", to: "FilterAtom"))
        #expect(!hasEdge(dot, from: "FilteredTodosAtom", to: "TodosAtom"))

        // Subscribers are named after the source file and line that watched, and are filled.
        #expect(hasSubscriberEdge(dot, from: "FilteredTodosAtom", line: listLine))
        #expect(hasSubscriberEdge(dot, from: "FilterAtom", line: pickerLine))
        #expect(!hasSubscriberEdge(dot, from: "TodosAtom", line: listLine))
        #expect(!hasSubscriberEdge(dot, from: "FilterAtom", line: listLine))
        let filled = statements(dot).filter { $0.contains("style=filled") }
        #expect(filled.count == 2)
        #expect(filled.allSatisfy { $0.contains("DebuggingExampleTests.swift") })
    }

    @Test("The graph follows dependency changes: unused atoms disappear from it")
    func graphFollowsRelease() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let list = root.context()

        list.watch(FilteredTodosAtom())
        #expect(list.snapshot().graphDescription().contains("TodosAtom"))

        list.unwatchAll()
        let dot = list.snapshot().graphDescription()
        #expect(dot.contains("digraph"))
        #expect(!dot.contains("TodosAtom"))
        #expect(!dot.contains("FilterAtom"))
    }

    @Test("AtomRoot.observe receives a snapshot for every state change, in order")
    func observeReceivesSnapshots() {
        let received = ConformanceSnapshotLog()
        let root = AtomRoot()
            .observe { snapshot in
                received.counts.append(snapshot.lookup(CounterAtom()))
            }
        defer { withExtendedLifetime(root) {} }
        let view = root.context()

        view.watch(CounterAtom())
        let before = received.counts.count

        view[CounterAtom()] = 1
        #expect(received.counts.count == before + 1)
        #expect(received.counts.last == 1)

        view[CounterAtom()] += 1
        #expect(received.counts.count == before + 2)
        #expect(received.counts.last == 2)

        view.reset(CounterAtom())
        #expect(received.counts.count == before + 3)
        #expect(received.counts.last == 0)
    }

    @Test("Multiple observers all receive the snapshots")
    func multipleObservers() {
        let first = ConformanceSnapshotLog()
        let second = ConformanceSnapshotLog()
        let root = AtomRoot()
            .observe { snapshot in first.counts.append(snapshot.lookup(CounterAtom())) }
            .observe { snapshot in second.counts.append(snapshot.lookup(CounterAtom())) }
        defer { withExtendedLifetime(root) {} }
        let view = root.context()

        view.watch(CounterAtom())
        view[CounterAtom()] = 9
        #expect(first.counts.last == 9)
        #expect(second.counts.last == 9)
        #expect(first.counts == second.counts)
    }

    @Test("restore(_:) puts captured values back and notifies the watchers (time travel)")
    func restoreTimeTravel() {
        let root = AtomRoot()
        defer { withExtendedLifetime(root) {} }
        let context = root.context()
        let list = root.context()
        let listUpdates = ConformanceProbe()
        list.onUpdate = { listUpdates.hit() }

        list.watch(FilteredTodosAtom())
        context.watch(CounterAtom())
        context[TodosAtom()] = ["a"]
        context[CounterAtom()] = 1

        var snapshot: Snapshot?
        // Button("Capture")
        snapshot = context.snapshot()

        context[TodosAtom()] = ["a", "b", "x c"]
        context[FilterAtom()] = .completed
        context[CounterAtom()] = 2
        #expect(list.read(FilteredTodosAtom()) == ["x c"])
        let updatesBeforeRestore = listUpdates.count

        // Button("Restore")
        if let snapshot {
            context.restore(snapshot)
        }

        #expect(context.read(TodosAtom()) == ["a"])
        #expect(context.read(FilterAtom()) == .all)
        #expect(context.read(CounterAtom()) == 1)
        #expect(list.read(FilteredTodosAtom()) == ["a"])
        #expect(listUpdates.count == updatesBeforeRestore + 1)
    }
}

/// Collects what observers received.
@MainActor
final class ConformanceSnapshotLog {
    var counts: [Int?] = []
}
