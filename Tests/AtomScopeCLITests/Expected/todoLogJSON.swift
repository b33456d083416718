// Golden output of `atomscope log fixtures/todo.journal --json`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoLogJSON = #"""
{"causeAtom":"FilteredTodosAtom","causeLocation":"ExampleTodo/main.swift:46","changed":["FilterAtom","FilteredTodosAtom","TodosAtom"],"commit":1,"date":"2026-11-28T11:09:09Z","operation":"watch","recomputed":[],"step":1,"timeMicroseconds":3228}
{"causeAtom":"StatsAtom","causeLocation":"ExampleTodo/main.swift:47","changed":["StatsAtom"],"commit":2,"date":"2026-11-28T11:09:09Z","operation":"watch","recomputed":[],"step":2,"timeMicroseconds":4464}
{"causeAtom":"ProgressAtom","causeLocation":"ExampleTodo/main.swift:48","changed":["ProgressAtom"],"commit":3,"date":"2026-11-28T11:09:09Z","operation":"watch","recomputed":[],"step":3,"timeMicroseconds":4992}
{"causeAtom":"SessionTokenAtom","causeLocation":"ExampleTodo/TodoSession.swift:14","changed":["SessionTokenAtom"],"commit":4,"date":"2026-11-28T11:09:09Z","operation":"set","recomputed":[],"step":4,"timeMicroseconds":5334}
{"afterStep":4,"commit":4,"date":"2026-11-28T11:09:09Z","mark":"signed in","timeMicroseconds":5374}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":5,"date":"2026-11-28T11:09:09Z","label":"add todo","operation":"batch","recomputed":[],"step":5,"timeMicroseconds":5935}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":6,"date":"2026-11-28T11:09:09Z","label":"add todo","operation":"batch","recomputed":[],"step":6,"timeMicroseconds":6401}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:20","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":7,"date":"2026-11-28T11:09:09Z","label":"add todo","operation":"batch","recomputed":[],"step":7,"timeMicroseconds":6546}
{"afterStep":7,"commit":7,"date":"2026-11-28T11:09:09Z","mark":"three todos added","timeMicroseconds":6649}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:26","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":8,"date":"2026-11-28T11:09:09Z","operation":"modify","recomputed":[],"step":8,"timeMicroseconds":6850}
{"causeAtom":"FilterAtom","causeLocation":"ExampleTodo/TodoSession.swift:48","changed":["FilterAtom","FilteredTodosAtom"],"commit":9,"date":"2026-11-28T11:09:09Z","operation":"set","recomputed":[],"step":9,"timeMicroseconds":7069}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:34","changed":["FilteredTodosAtom","TodosAtom"],"commit":10,"date":"2026-11-28T11:09:09Z","operation":"modify","recomputed":["ProgressAtom","StatsAtom"],"step":10,"timeMicroseconds":7192}
{"causeAtom":"FilterAtom","causeLocation":"ExampleTodo/TodoSession.swift:48","changed":["FilterAtom","FilteredTodosAtom"],"commit":11,"date":"2026-11-28T11:09:09Z","operation":"set","recomputed":[],"step":11,"timeMicroseconds":7306}
{"afterStep":11,"commit":11,"date":"2026-11-28T11:09:09Z","mark":"before delete","timeMicroseconds":7343}
{"causeAtom":"TodosAtom","causeLocation":"ExampleTodo/TodoSession.swift:42","changed":["FilteredTodosAtom","ProgressAtom","StatsAtom","TodosAtom"],"commit":12,"date":"2026-11-28T11:09:09Z","operation":"modify","recomputed":[],"step":12,"timeMicroseconds":7421}
{"changed":["ProgressAtom","StatsAtom"],"commit":13,"date":"2026-11-28T11:09:09Z","operation":"unwatch","recomputed":[],"step":13,"timeMicroseconds":7894}
{"changed":["FilterAtom","FilteredTodosAtom","TodosAtom"],"commit":14,"date":"2026-11-28T11:09:09Z","operation":"unwatch","recomputed":[],"step":14,"timeMicroseconds":7980}
"""#
}
