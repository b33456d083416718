// Golden output of `atomscope log fixtures/todo.journal --json`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoLogJSON = #"""
{"causeAtom":"FilteredTodosAtom","causeLocation":"ExampleTodo/main.swift:46","changed":["FilterAtom","FilteredTodosAtom","TodosAtom"],"commit":1,"date":"2026-11-25T05:45:00Z","operation":"watch","recomputed":[],"step":1,"timeMicroseconds":1969}
{"causeAtom":"StatsAtom","causeLocation":"ExampleTodo/main.swift:47","changed":["StatsAtom"],"commit":2,"date":"2026-11-25T05:45:00Z","operation":"watch","recomputed":[],"step":2,"timeMicroseconds":2537}
{"causeAtom":"ProgressAtom","causeLocation":"ExampleTodo/main.swift:48","changed":["ProgressAtom"],"commit":3,"date":"2026-11-25T05:45:00Z","operation":"watch","recomputed":[],"step":3,"timeMicroseconds":2833}
{"causeAtom":"SessionTokenAtom","causeLocation":"ExampleTodo/TodoSession.swift:14","changed":["SessionTokenAtom"],"commit":4,"date":"2026-11-25T05:45:00Z","operation":"set","recomputed":[],"step":4,"timeMicroseconds":3013}
{"afterStep":4,"commit":4,"date":"2026-11-25T05:45:00Z","mark":"signed in","timeMicroseconds":3033}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":5,"date":"2026-11-25T05:45:00Z","label":"add todo","operation":"batch","recomputed":[],"step":5,"timeMicroseconds":3482}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":6,"date":"2026-11-25T05:45:00Z","label":"add todo","operation":"batch","recomputed":[],"step":6,"timeMicroseconds":3700}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":7,"date":"2026-11-25T05:45:00Z","label":"add todo","operation":"batch","recomputed":[],"step":7,"timeMicroseconds":3786}
{"afterStep":7,"commit":7,"date":"2026-11-25T05:45:00Z","mark":"three todos added","timeMicroseconds":3874}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:26","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":8,"date":"2026-11-25T05:45:00Z","operation":"modify","recomputed":[],"step":8,"timeMicroseconds":3935}
{"causeAtom":"FilterAtom","causeLocation":"ExampleTodo/TodoSession.swift:48","changed":["FilterAtom","FilteredTodosAtom"],"commit":9,"date":"2026-11-25T05:45:00Z","operation":"set","recomputed":[],"step":9,"timeMicroseconds":4041}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:34","changed":["FilteredTodosAtom","TodosAtom"],"commit":10,"date":"2026-11-25T05:45:00Z","operation":"modify","recomputed":["ProgressAtom","StatsAtom"],"step":10,"timeMicroseconds":4110}
{"causeAtom":"FilterAtom","causeLocation":"ExampleTodo/TodoSession.swift:48","changed":["FilterAtom","FilteredTodosAtom"],"commit":11,"date":"2026-11-25T05:45:00Z","operation":"set","recomputed":[],"step":11,"timeMicroseconds":4175}
{"afterStep":11,"commit":11,"date":"2026-11-25T05:45:00Z","mark":"before delete","timeMicroseconds":4200}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:42","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":12,"date":"2026-11-25T05:45:00Z","operation":"modify","recomputed":[],"step":12,"timeMicroseconds":4247}
{"changed":["ProgressAtom","StatsAtom"],"commit":13,"date":"2026-11-25T05:45:00Z","operation":"unwatch","recomputed":[],"step":13,"timeMicroseconds":4529}
{"changed":["FilterAtom","FilteredTodosAtom","TodosAtom"],"commit":14,"date":"2026-11-25T05:45:00Z","operation":"unwatch","recomputed":[],"step":14,"timeMicroseconds":4569}
"""#
}
