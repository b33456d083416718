// Golden output of `atomscope diff fixtures/todo.journal 7 8`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoDiff7to8 = #"""
FilteredTodosAtom[0].isCompleted: false -> true
ProgressAtom: 0 of 3 (0%) -> 1 of 3 (33%)
StatsAtom: "0/3 done" -> "1/3 done"
TodosAtom[0].isCompleted: false -> true
"""#
}
