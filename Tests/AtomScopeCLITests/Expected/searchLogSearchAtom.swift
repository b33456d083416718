// Golden output of `atomscope log fixtures/search.journal --atom SearchAtom`, run from the repository root.
// Written by `ATOMSCOPE_UPDATE_GOLDEN=1 swift test --filter AtomScopeCLITests`; do not edit by hand.
extension Golden {
    static let searchLogSearchAtom = #"""
#1 +0.006s watch SearchStatusAtom at ExampleSearch/SearchSession.swift:42 → QueryAtom, SearchAPIAtom, SearchAtom, SearchAtom.phase, SearchStatusAtom
── mark "typing" (after step 1) ──
#2 +0.009s set QueryAtom at ExampleSearch/SearchSession.swift:79 → QueryAtom, SearchAtom, SearchAtom.phase, SearchStatusAtom
#4 +0.011s task finished SearchAtom → SearchAtom, SearchAtom.phase, SearchStatusAtom
── mark "service down" (after step 4) ──
#5 +0.012s set QueryAtom at ExampleSearch/SearchSession.swift:79 → QueryAtom, SearchAtom, SearchAtom.phase, SearchStatusAtom
#6 +0.012s task failed SearchAtom → SearchAtom, SearchAtom.phase, SearchStatusAtom
── mark "retry" (after step 6) ──
#8 +0.013s task finished SearchAtom → SearchAtom, SearchAtom.phase, SearchStatusAtom
#9 +0.013s unwatch → QueryAtom, SearchAPIAtom, SearchAtom, SearchAtom.phase, SearchStatusAtom
"""#
}
