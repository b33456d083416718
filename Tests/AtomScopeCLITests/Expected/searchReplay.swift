// Golden output of `atomscope replay fixtures/search.journal`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let searchReplay = #"""
#1 +0.006s watch SearchStatusAtom at ExampleSearch/SearchSession.swift:42
    + QueryAtom = ""
    + SearchAPIAtom = ScriptedSearchAPI
    + SearchAtom = {"phase":"success","value":[]}
    + SearchAtom.phase = {"phase":"success","value":[]}
    + SearchStatusAtom = "type to search"
    + edge QueryAtom -> SearchAtom
    + edge QueryAtom -> SearchStatusAtom
    + edge SearchAPIAtom -> SearchAtom
    + edge SearchAtom -> SearchAtom.phase
    + edge SearchAtom.phase -> SearchStatusAtom
    + subscription SearchStatusAtom -> ExampleSearch/SearchSession.swift:42
── mark "typing" (after step 1) ──
#2 +0.009s set QueryAtom at ExampleSearch/SearchSession.swift:79
    QueryAtom: "" -> "s"
    SearchAtom.phase: "success" -> "suspending"
    SearchAtom.value: - []
    SearchAtom.phase.phase: "success" -> "suspending"
    SearchAtom.phase.value: - []
    SearchStatusAtom: "type to search" -> "searching \"s\"…"
#3 +0.010s set QueryAtom at ExampleSearch/SearchSession.swift:79
    QueryAtom: "s" -> "sw"
    SearchStatusAtom: "searching \"s\"…" -> "searching \"sw\"…"
#4 +0.011s task finished SearchAtom
    SearchAtom.phase: "suspending" -> "success"
    SearchAtom.value: + [{"artist":"Lake Harbour","title":"Swim"},{"artist":"The Porch Lights","title":"Swing Low"},{"artist":"Mara Fen","title…
    SearchAtom.phase.phase: "suspending" -> "success"
    SearchAtom.phase.value: + [{"artist":"Lake Harbour","title":"Swim"},{"artist":"The Porch Lights","title":"Swing Low"},{"artist":"Mara Fen","title…
    SearchStatusAtom: "searching \"sw\"…" -> "3 songs for \"sw\""
── mark "service down" (after step 4) ──
#5 +0.012s set QueryAtom at ExampleSearch/SearchSession.swift:79
    QueryAtom: "sw" -> "swift"
    SearchAtom.phase: "success" -> "suspending"
    SearchAtom.value: - [{"artist":"Lake Harbour","title":"Swim"},{"artist":"The Porch Lights","title":"Swing Low"},{"artist":"Mara Fen","title…
    SearchAtom.phase.phase: "success" -> "suspending"
    SearchAtom.phase.value: - [{"artist":"Lake Harbour","title":"Swim"},{"artist":"The Porch Lights","title":"Swing Low"},{"artist":"Mara Fen","title…
    SearchStatusAtom: "3 songs for \"sw\"" -> "searching \"swift\"…"
#6 +0.012s task failed SearchAtom
    SearchAtom.error: + {"serviceUnavailable":{"retryAfterSeconds":30}}
    SearchAtom.phase: "suspending" -> "failure"
    SearchAtom.phase.error: + {"serviceUnavailable":{"retryAfterSeconds":30}}
    SearchAtom.phase.phase: "suspending" -> "failure"
    SearchStatusAtom: "searching \"swift\"…" -> "search failed: the service is unavailable, retry in 30 s"
── mark "retry" (after step 6) ──
#7 +0.013s refresh SearchAtom at ExampleSearch/SearchSession.swift:66
#8 +0.013s task finished SearchAtom
    SearchAtom.error: - {"serviceUnavailable":{"retryAfterSeconds":30}}
    SearchAtom.phase: "failure" -> "success"
    SearchAtom.value: + [{"artist":"Lake Harbour","title":"Swift Current"}]
    SearchAtom.phase.error: - {"serviceUnavailable":{"retryAfterSeconds":30}}
    SearchAtom.phase.phase: "failure" -> "success"
    SearchAtom.phase.value: + [{"artist":"Lake Harbour","title":"Swift Current"}]
    SearchStatusAtom: "search failed: the service is unavailable, retry in 30 s" -> "1 song for \"swift\""
#9 +0.013s unwatch
    - QueryAtom = "swift"
    - SearchAPIAtom = ScriptedSearchAPI
    - SearchAtom = {"phase":"success","value":[{"artist":"Lake Harbour","title":"Swift Current"}]}
    - SearchAtom.phase = {"phase":"success","value":[{"artist":"Lake Harbour","title":"Swift Current"}]}
    - SearchStatusAtom = "1 song for \"swift\""
    - edge QueryAtom -> SearchAtom
    - edge QueryAtom -> SearchStatusAtom
    - edge SearchAPIAtom -> SearchAtom
    - edge SearchAtom -> SearchAtom.phase
    - edge SearchAtom.phase -> SearchStatusAtom
    - subscription SearchStatusAtom -> ExampleSearch/SearchSession.swift:42
"""#
}
