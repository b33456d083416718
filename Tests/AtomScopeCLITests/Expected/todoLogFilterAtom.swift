// Golden output of `atomscope log fixtures/todo.journal --atom FilterAtom`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoLogFilterAtom = #"""
#1 +0.003s watch FilteredTodosAtom at ExampleTodo/main.swift:46 → FilterAtom, FilteredTodosAtom, TodosAtom
── mark "signed in" (after step 4) ──
── mark "three todos added" (after step 7) ──
#9 +0.007s set FilterAtom at ExampleTodo/TodoSession.swift:48 → FilterAtom, FilteredTodosAtom
#11 +0.007s set FilterAtom at ExampleTodo/TodoSession.swift:48 → FilterAtom, FilteredTodosAtom
── mark "before delete" (after step 11) ──
#14 +0.008s unwatch → FilterAtom, FilteredTodosAtom, TodosAtom
"""#
}
