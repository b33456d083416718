import Foundation
import Testing
@testable import AtomScopeKit
func rssKB() -> Int { let s = try! String(contentsOfFile: "/proc/self/status", encoding: .utf8); let l = s.split(separator: "\n").first { $0.hasPrefix("VmRSS") }!; return Int(l.split(separator: " ").dropFirst().first!.trimmingCharacters(in: .whitespaces))! }
@Test func zzPeek() throws {
    let r = GraphRenderer()
    let clock = ContinuousClock()
    for n in [10, 100, 1000, 5000] {
        let dot = dependencyGraph(nodes: n)
        var g: RenderedGraph?
        let t = try clock.measure { g = try r.render(dot: dot, format: .svg) }
        let t2 = try clock.measure { _ = try SVGSanitizer.sanitize(g!.data) }
        print("PEEK n=\(n) layout=\(g!.layout) render=\(t) sanitize=\(t2) bytes=\(g!.data.count)")
    }
    let dot = dependencyGraph(nodes: 20)
    for _ in 0..<200 { _ = try r.render(dot: dot, format: .svg) }
    let before = rssKB()
    let t = try clock.measure { for _ in 0..<1000 { _ = try r.render(dot: dot, format: .svg) } }
    print("PEEK 1000 renders \(t) rss before=\(before)KB after=\(rssKB())KB")
    let tp = try clock.measure { for _ in 0..<100 { _ = try r.render(dot: dot, format: .png) } }
    print("PEEK 100 png \(tp) rss=\(rssKB())KB")
}
