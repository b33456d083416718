// Golden output of `printf 'next\nnext 3\nprev\ngoto 5\nshow TodosAtom\nwhen FilterAtom\nwhy StatsAtom\ndiff\nmarks\ngraph -o tmp.svg\nquit\n' | atomscope repl todo.journal`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoRepl = #"""
#1 +0.008s watch FilteredTodosAtom at ExampleTodo/main.swift:44
    + FilterAtom = "all"
    + FilteredTodosAtom = []
    + TodosAtom = []
    + edge FilterAtom -> FilteredTodosAtom
    + edge TodosAtom -> FilteredTodosAtom
    + subscription FilteredTodosAtom -> ExampleTodo/main.swift:44
#4 +0.009s set SessionTokenAtom at ExampleTodo/TodoSession.swift:14
    + SessionTokenAtom = <redacted>
#3 +0.009s watch ProgressAtom at ExampleTodo/main.swift:46
    + ProgressAtom = 0 of 0 (0%)
    + edge TodosAtom -> ProgressAtom
    + subscription ProgressAtom -> ExampleTodo/main.swift:45
#5 +0.010s batch "add todo" TodosAtom at ExampleTodo/TodoSession.swift:20
    FilteredTodosAtom[0]: + {"id":1,"isCompleted":false,"text":"Buy milk"}
    ProgressAtom: 0 of 0 (0%) -> 0 of 1 (0%)
    StatsAtom: "0/0 done" -> "0/1 done"
    TodosAtom[0]: + {"id":1,"isCompleted":false,"text":"Buy milk"}
TodosAtom at step 5:
  [
    {
      "id" : 1,
      "isCompleted" : false,
      "text" : "Buy milk"
    }
  ]
  kind state, type Array<Todo>
  watched by FilteredTodosAtom, ProgressAtom, StatsAtom
  last changed at step 5
FilterAtom changed in 4 steps:
#1 +0.008s watch FilteredTodosAtom at ExampleTodo/main.swift:44 → FilterAtom, FilteredTodosAtom, TodosAtom
#9 +0.010s set FilterAtom at ExampleTodo/TodoSession.swift:48 → FilterAtom, FilteredTodosAtom
#11 +0.010s set FilterAtom at ExampleTodo/TodoSession.swift:48 → FilterAtom, FilteredTodosAtom
#14 +0.011s unwatch → FilterAtom, FilteredTodosAtom, TodosAtom
StatsAtom last changed at step 5 (batch TodosAtom at ExampleTodo/TodoSession.swift:20)
  because TodosAtom changed (TodosAtom -> StatsAtom)
  root cause: TodosAtom
FilteredTodosAtom[0]: + {"id":1,"isCompleted":false,"text":"Buy milk"}
ProgressAtom: 0 of 0 (0%) -> 0 of 1 (0%)
StatsAtom: "0/0 done" -> "0/1 done"
TodosAtom[0]: + {"id":1,"isCompleted":false,"text":"Buy milk"}
  step 4: signed in (recorded)
  step 7: three todos added (recorded)
  step 11: before delete (recorded)
wrote the graph at step 5 to tmp.svg
"""#
}
