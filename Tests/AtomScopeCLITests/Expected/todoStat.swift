// Golden output of `atomscope stat fixtures/todo.journal`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoStat = #"""
fixtures/todo.journal
  format      1.0
  app         ExampleTodo (pid 5555)
  started     2026-11-22T05:08:57Z
  size        3515 bytes
  steps       14 over 2 ms
  atoms       6
  keyframes   1
  marks       3
  ending      closed cleanly

  changes     value bytes  atom
         10          1004  FilteredTodosAtom
          8            80  ProgressAtom
          8            70  StatsAtom
          8           765  TodosAtom
          4            23  FilterAtom
          1      redacted  SessionTokenAtom
"""#
}
