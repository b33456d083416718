// Golden output of `atomscope diff fixtures/todo.journal 3 8 --json`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let todoDiff3to8JSON = #"""
{
  "atomsAdded" : [
    {
      "atom" : "SessionTokenAtom",
      "value" : {
        "kind" : "redacted"
      }
    }
  ],
  "atomsRemoved" : [

  ],
  "edgesAdded" : [

  ],
  "edgesRemoved" : [

  ],
  "from" : 3,
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
            "json" : {
              "id" : 1,
              "isCompleted" : true,
              "text" : "Buy milk"
            },
            "kind" : "json"
          },
          "kind" : "added",
          "path" : "[0]"
        },
        {
          "after" : {
            "json" : {
              "id" : 2,
              "isCompleted" : false,
              "text" : "Write journal format"
            },
            "kind" : "json"
          },
          "kind" : "added",
          "path" : "[1]"
        },
        {
          "after" : {
            "json" : {
              "id" : 3,
              "isCompleted" : false,
              "text" : "Review atomscope"
            },
            "kind" : "json"
          },
          "kind" : "added",
          "path" : "[2]"
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
            "text" : "0 of 0 (0%)"
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
            "json" : "0/0 done",
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
            "json" : {
              "id" : 1,
              "isCompleted" : true,
              "text" : "Buy milk"
            },
            "kind" : "json"
          },
          "kind" : "added",
          "path" : "[0]"
        },
        {
          "after" : {
            "json" : {
              "id" : 2,
              "isCompleted" : false,
              "text" : "Write journal format"
            },
            "kind" : "json"
          },
          "kind" : "added",
          "path" : "[1]"
        },
        {
          "after" : {
            "json" : {
              "id" : 3,
              "isCompleted" : false,
              "text" : "Review atomscope"
            },
            "kind" : "json"
          },
          "kind" : "added",
          "path" : "[2]"
        }
      ]
    }
  ]
}
"""#
}
