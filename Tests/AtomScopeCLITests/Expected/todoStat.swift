// Golden output of `atomscope stat fixtures/todo.journal`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoStat = #"""
fixtures/todo.journal
  format      2.0
  app         ExampleTodo (pid 23806)
  started     2026-11-28T11:09:09Z
  size        2523 bytes
  steps       14 over 5 ms
  atoms       6
  keyframes   1
  marks       3
  ending      closed cleanly

  changes     value bytes  atom
         10           425  FilteredTodosAtom
          8           323  TodosAtom
          7            68  ProgressAtom
          7            60  StatsAtom
          4            23  FilterAtom
          1      redacted  SessionTokenAtom
"""#
}
