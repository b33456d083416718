// Golden output of `atomscope stat fixtures/todo.journal --json`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoStatJSON = #"""
{
  "app" : "ExampleTodo",
  "atoms" : 6,
  "ending" : "closed",
  "fileBytes" : 2523,
  "formatVersion" : "2.0",
  "keyframes" : 1,
  "marks" : 3,
  "path" : "fixtures/todo.journal",
  "perAtom" : [
    {
      "changes" : 10,
      "id" : "FilteredTodosAtom",
      "kind" : "value",
      "recomputes" : 0,
      "sensitive" : false,
      "valueBytes" : 425
    },
    {
      "changes" : 8,
      "id" : "TodosAtom",
      "kind" : "state",
      "recomputes" : 0,
      "sensitive" : false,
      "valueBytes" : 323
    },
    {
      "changes" : 7,
      "id" : "ProgressAtom",
      "kind" : "value",
      "recomputes" : 1,
      "sensitive" : false,
      "valueBytes" : 68
    },
    {
      "changes" : 7,
      "id" : "StatsAtom",
      "kind" : "value",
      "recomputes" : 1,
      "sensitive" : false,
      "valueBytes" : 60
    },
    {
      "changes" : 4,
      "id" : "FilterAtom",
      "kind" : "state",
      "recomputes" : 0,
      "sensitive" : false,
      "valueBytes" : 23
    },
    {
      "changes" : 1,
      "id" : "SessionTokenAtom",
      "kind" : "state",
      "recomputes" : 0,
      "sensitive" : true,
      "valueBytes" : 0
    }
  ],
  "processID" : 23806,
  "spanMicroseconds" : 4752,
  "started" : "2026-11-28T11:09:09Z",
  "steps" : 14,
  "unknownRecords" : 0,
  "unwrittenBytes" : 0
}
"""#
}
