// Golden output of `atomscope stat fixtures/todo.journal`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoStat = #"""
fixtures/todo.journal
  format      1.2
  app         ExampleTodo (pid 3872)
  started     2026-11-25T05:45:00Z
  size        3512 bytes
  steps       14 over 3 ms
  atoms       6
  keyframes   1
  marks       3
  ending      closed cleanly

  changes     value bytes  atom
         10          1004  FilteredTodosAtom
          8           765  TodosAtom
          7            68  ProgressAtom
          7            60  StatsAtom
          4            23  FilterAtom
          1      redacted  SessionTokenAtom
"""#
}
