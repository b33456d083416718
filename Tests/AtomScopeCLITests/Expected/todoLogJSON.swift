// Golden output of `atomscope log fixtures/todo.journal --json`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoLogJSON = #"""
{"causeAtom":"FilteredTodosAtom","causeLocation":"ExampleTodo/main.swift:44","changed":["FilterAtom","FilteredTodosAtom","TodosAtom"],"commit":1,"date":"2026-11-22T05:08:57Z","operation":"watch","step":1,"timeMicroseconds":8320}
{"causeAtom":"StatsAtom","causeLocation":"ExampleTodo/main.swift:45","changed":["StatsAtom"],"commit":2,"date":"2026-11-22T05:08:57Z","operation":"watch","step":2,"timeMicroseconds":8976}
{"causeAtom":"ProgressAtom","causeLocation":"ExampleTodo/main.swift:46","changed":["ProgressAtom"],"commit":3,"date":"2026-11-22T05:08:57Z","operation":"watch","step":3,"timeMicroseconds":9247}
{"causeAtom":"SessionTokenAtom","causeLocation":"ExampleTodo/TodoSession.swift:14","changed":["SessionTokenAtom"],"commit":4,"date":"2026-11-22T05:08:57Z","operation":"set","step":4,"timeMicroseconds":9394}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":5,"date":"2026-11-22T05:08:57Z","label":"add todo","operation":"batch","step":5,"timeMicroseconds":9675}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":6,"date":"2026-11-22T05:08:57Z","label":"add todo","operation":"batch","step":6,"timeMicroseconds":9861}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":7,"date":"2026-11-22T05:08:57Z","label":"add todo","operation":"batch","step":7,"timeMicroseconds":9927}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:26","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":8,"date":"2026-11-22T05:08:57Z","operation":"modify","step":8,"timeMicroseconds":10001}
{"causeAtom":"FilterAtom","causeLocation":"ExampleTodo/TodoSession.swift:48","changed":["FilterAtom","FilteredTodosAtom"],"commit":9,"date":"2026-11-22T05:08:57Z","operation":"set","step":9,"timeMicroseconds":10048}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:34","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":10,"date":"2026-11-22T05:08:57Z","operation":"modify","step":10,"timeMicroseconds":10107}
{"causeAtom":"FilterAtom","causeLocation":"ExampleTodo/TodoSession.swift:48","changed":["FilterAtom","FilteredTodosAtom"],"commit":11,"date":"2026-11-22T05:08:57Z","operation":"set","step":11,"timeMicroseconds":10152}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:42","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":12,"date":"2026-11-22T05:08:57Z","operation":"modify","step":12,"timeMicroseconds":10211}
{"changed":["ProgressAtom","StatsAtom"],"commit":13,"date":"2026-11-22T05:08:57Z","operation":"unwatch","step":13,"timeMicroseconds":10498}
{"changed":["FilterAtom","FilteredTodosAtom","TodosAtom"],"commit":14,"date":"2026-11-22T05:08:57Z","operation":"unwatch","step":14,"timeMicroseconds":10546}
"""#
}
