// Golden output of `atomscope stat fixtures/todo.journal --json`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoStatJSON = #"""
{
  "app" : "ExampleTodo",
  "atoms" : 6,
  "ending" : "closed",
  "fileBytes" : 3515,
  "formatVersion" : "1.0",
  "keyframes" : 1,
  "marks" : 3,
  "path" : "fixtures/todo.journal",
  "perAtom" : [
    {
      "changes" : 10,
      "id" : "FilteredTodosAtom",
      "kind" : "value",
      "sensitive" : false,
      "valueBytes" : 1004
    },
    {
      "changes" : 8,
      "id" : "ProgressAtom",
      "kind" : "value",
      "sensitive" : false,
      "valueBytes" : 80
    },
    {
      "changes" : 8,
      "id" : "StatsAtom",
      "kind" : "value",
      "sensitive" : false,
      "valueBytes" : 70
    },
    {
      "changes" : 8,
      "id" : "TodosAtom",
      "kind" : "state",
      "sensitive" : false,
      "valueBytes" : 765
    },
    {
      "changes" : 4,
      "id" : "FilterAtom",
      "kind" : "state",
      "sensitive" : false,
      "valueBytes" : 23
    },
    {
      "changes" : 1,
      "id" : "SessionTokenAtom",
      "kind" : "state",
      "sensitive" : true,
      "valueBytes" : 0
    }
  ],
  "processID" : 5555,
  "spanMicroseconds" : 2226,
  "started" : "2026-11-22T05:08:57Z",
  "steps" : 14,
  "unknownRecords" : 0
}
"""#
}
