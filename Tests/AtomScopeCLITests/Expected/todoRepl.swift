// Golden output of `printf 'next\nnext 3\nprev\ngoto 5\nshow TodosAtom\nwhen FilterAtom\nwhy StatsAtom\ndiff\nmarks\ngraph -o tmp.svg\nquit\n' | atomscope repl todo.journal`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoRepl = #"""
#1 +0.003s watch FilteredTodosAtom at ExampleTodo/main.swift:46
    + FilterAtom = "all"
    + FilteredTodosAtom = []
    + TodosAtom = []
    + edge FilterAtom -> FilteredTodosAtom
    + edge TodosAtom -> FilteredTodosAtom
    + subscription FilteredTodosAtom -> TodoList
#4 +0.005s set SessionTokenAtom at ExampleTodo/TodoSession.swift:14
    + SessionTokenAtom = <redacted>
#3 +0.005s watch ProgressAtom at ExampleTodo/main.swift:48
    + ProgressAtom = 0 of 0 (0%)
    + edge TodosAtom -> ProgressAtom
    + subscription ProgressAtom -> TodoHeader
#5 +0.006s batch "add todo" TodosAtom at ExampleTodo/TodoSession.swift:20
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
#1 +0.003s watch FilteredTodosAtom at ExampleTodo/main.swift:46 → FilterAtom, FilteredTodosAtom, TodosAtom
#9 +0.007s set FilterAtom at ExampleTodo/TodoSession.swift:48 → FilterAtom, FilteredTodosAtom
#11 +0.007s set FilterAtom at ExampleTodo/TodoSession.swift:48 → FilterAtom, FilteredTodosAtom
#14 +0.008s unwatch → FilterAtom, FilteredTodosAtom, TodosAtom
StatsAtom last changed at step 5 (batch TodosAtom at ExampleTodo/TodoSession.swift:20)
  because TodosAtom changed (TodosAtom -> StatsAtom)
  root cause: TodosAtom
FilteredTodosAtom[0]: + {"id":1,"isCompleted":false,"text":"Buy milk"}
ProgressAtom: 0 of 0 (0%) -> 0 of 1 (0%)
StatsAtom: "0/0 done" -> "0/1 done"
TodosAtom[0]: + {"id":1,"isCompleted":false,"text":"Buy milk"}
  step 4: mark "signed in"
  step 7: mark "three todos added"
  step 11: mark "before delete"
wrote the graph at step 5 to tmp.svg
"""#
}
