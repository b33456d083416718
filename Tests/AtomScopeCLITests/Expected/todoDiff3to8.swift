// Golden output of `atomscope diff fixtures/todo.journal 3 8`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoDiff3to8 = #"""
+ SessionTokenAtom = <redacted>
FilteredTodosAtom[0]: + {"id":1,"isCompleted":true,"text":"Buy milk"}
FilteredTodosAtom[1]: + {"id":2,"isCompleted":false,"text":"Write journal format"}
FilteredTodosAtom[2]: + {"id":3,"isCompleted":false,"text":"Review atomscope"}
ProgressAtom: 0 of 0 (0%) -> 1 of 3 (33%)
StatsAtom: "0/0 done" -> "1/3 done"
TodosAtom[0]: + {"id":1,"isCompleted":true,"text":"Buy milk"}
TodosAtom[1]: + {"id":2,"isCompleted":false,"text":"Write journal format"}
TodosAtom[2]: + {"id":3,"isCompleted":false,"text":"Review atomscope"}
"""#
}
