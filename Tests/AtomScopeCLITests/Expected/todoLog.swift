// Golden output of `atomscope log fixtures/todo.journal`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoLog = #"""
#1 +0.003s watch FilteredTodosAtom at ExampleTodo/main.swift:46 → FilterAtom, FilteredTodosAtom, TodosAtom
#2 +0.004s watch StatsAtom at ExampleTodo/main.swift:47 → StatsAtom
#3 +0.005s watch ProgressAtom at ExampleTodo/main.swift:48 → ProgressAtom
#4 +0.005s set SessionTokenAtom at ExampleTodo/TodoSession.swift:14 → SessionTokenAtom
── mark "signed in" (after step 4) ──
#5 +0.006s batch "add todo" TodosAtom at ExampleTodo/TodoSession.swift:20 → FilteredTodosAtom, ProgressAtom, StatsAtom, TodosAtom
#6 +0.006s batch "add todo" TodosAtom at ExampleTodo/TodoSession.swift:20 → FilteredTodosAtom, ProgressAtom, StatsAtom, TodosAtom
#7 +0.007s batch "add todo" TodosAtom at ExampleTodo/TodoSession.swift:20 → FilteredTodosAtom, ProgressAtom, StatsAtom, TodosAtom
── mark "three todos added" (after step 7) ──
#8 +0.007s modify TodosAtom at ExampleTodo/TodoSession.swift:26 → FilteredTodosAtom, ProgressAtom, StatsAtom, TodosAtom
#9 +0.007s set FilterAtom at ExampleTodo/TodoSession.swift:48 → FilterAtom, FilteredTodosAtom
#10 +0.007s modify TodosAtom at ExampleTodo/TodoSession.swift:34 → FilteredTodosAtom, TodosAtom
#11 +0.007s set FilterAtom at ExampleTodo/TodoSession.swift:48 → FilterAtom, FilteredTodosAtom
── mark "before delete" (after step 11) ──
#12 +0.007s modify TodosAtom at ExampleTodo/TodoSession.swift:42 → FilteredTodosAtom, ProgressAtom, StatsAtom, TodosAtom
#13 +0.008s unwatch → ProgressAtom, StatsAtom
#14 +0.008s unwatch → FilterAtom, FilteredTodosAtom, TodosAtom
"""#
}
