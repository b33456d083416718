// Golden output of `atomscope diff fixtures/todo.journal 7 8 --json`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoDiff7to8JSON = #"""
{
  "atomsAdded" : [

  ],
  "atomsRemoved" : [

  ],
  "edgesAdded" : [

  ],
  "edgesRemoved" : [

  ],
  "from" : 7,
  "subscriptionsAdded" : [

  ],
  "subscriptionsRemoved" : [

  ],
  "to" : 8,
  "valuesChanged" : [
    {
      "atom" : "FilteredTodosAtom",
      "changes" : [
        {
          "after" : {
            "json" : true,
            "kind" : "json"
          },
          "before" : {
            "json" : false,
            "kind" : "json"
          },
          "kind" : "changed",
          "path" : "[0].isCompleted"
        }
      ]
    },
    {
      "atom" : "ProgressAtom",
      "changes" : [
        {
          "after" : {
            "kind" : "text",
            "text" : "1 of 3 (33%)"
          },
          "before" : {
            "kind" : "text",
            "text" : "0 of 3 (0%)"
          },
          "kind" : "changed",
          "path" : ""
        }
      ]
    },
    {
      "atom" : "StatsAtom",
      "changes" : [
        {
          "after" : {
            "json" : "1/3 done",
            "kind" : "json"
          },
          "before" : {
            "json" : "0/3 done",
            "kind" : "json"
          },
          "kind" : "changed",
          "path" : ""
        }
      ]
    },
    {
      "atom" : "TodosAtom",
      "changes" : [
        {
          "after" : {
            "json" : true,
            "kind" : "json"
          },
          "before" : {
            "json" : false,
            "kind" : "json"
          },
          "kind" : "changed",
          "path" : "[0].isCompleted"
        }
      ]
    }
  ]
}
"""#
}
