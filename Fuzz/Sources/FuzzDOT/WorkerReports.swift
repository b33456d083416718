import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// AddressSanitizer and LeakSanitizer reports from render workers, and whose fault each is.
///
/// A worker runs under ASan as the fuzz binary does, but its report would come back through
/// the worker's stderr, which `renderIsolated` cuts to ten lines: too little to see where the
/// fault was. So workers write reports to files here (`log_path`), one directory per fuzzing
/// process, emptied before each input.
enum WorkerReports {
    static let directory = FileManager.default.temporaryDirectory.appending(path: "fuzz-dot-reports-\(getpid())")

    /// Where inputs that made Graphviz itself fail in the worker are kept for a look, if the
    /// environment names a directory (scripts/fuzz does).
    private static let keptInputs = ProcessInfo.processInfo.environment["FUZZ_DOT_GRAPHVIZ_FAULTS"]
    private static let keptLimit = 200

    /// Sets the sanitizer options that workers inherit. This process's ASan read its options
    /// when it started, so changing the environment now changes them for workers only.
    static func prepareForWorkers() {
        try? FileManager.default.removeItem(at: directory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(suppressions.utf8).write(to: suppressionsURL)
        } catch {
            fatalError("FuzzDOT: cannot prepare \(directory.path) for worker reports: \(error)")
        }
        let workerOptions = [
            "log_path=\(directory.appending(path: "report").path)",
            // The real worker sees malloc fail at its address-space limit and Graphviz then
            // reports that it is out of memory; without this ASan would end the worker itself
            // on the first refused allocation, with a report about Graphviz's request.
            "allocator_may_return_null=1",
        ]
        append(workerOptions, to: "ASAN_OPTIONS")
        // Without print_suppressions=0, every worker that leaked only what is suppressed would
        // write a report file listing the suppressions it used.
        append(["suppressions=\(suppressionsURL.path)", "print_suppressions=0"], to: "LSAN_OPTIONS")
    }

    private static func append(_ options: [String], to variable: String) {
        let existing = ProcessInfo.processInfo.environment[variable].map { [$0] } ?? []
        setenv(variable, (existing + options).joined(separator: ":"), 1)
    }

    private static var suppressionsURL: URL { directory.appending(path: "lsan.supp") }

    /// Leaks with Graphviz, or a library its plugins use, anywhere in the allocating stack.
    /// Graphviz leaks by design (fontconfig's caches behind its pango plugin on every render
    /// that measures a label, neato's C++ solver for `mode=ipsep`, the layout data
    /// `GraphvizSession` deliberately does not free after some layouts), and a worker that
    /// leaked only that would exit with LeakSanitizer's status after rendering, which the
    /// parent would read as a failed render. Those libraries have no frame pointers, so a
    /// stack often ends inside them and only the library's name can say whose the leak is.
    /// libstdc++ is among them because nothing else in the worker is C++: Swift and
    /// Foundation allocate with malloc, never operator new. Leaks whose stack has none of
    /// these (our own code, Foundation, the Swift runtime) still fail.
    private static let suppressions = [
        "libcgraph.so", "libgvc.so", "libcdt.so", "libpathplan.so", "libxdot.so", "libgvplugin_",
        "libfontconfig.so", "libfreetype.so", "libpango", "libcairo.so", "libharfbuzz.so",
        "libglib-2.0.so", "libgobject-2.0.so", "libexpat.so", "libltdl.so", "libgts-0.7.so",
        "libstdc++.so",
    ].map { "leak:\($0)\n" }.joined()

    static func removeDirectory() {
        try? FileManager.default.removeItem(at: directory)
    }

    static func clear() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasPrefix("report") {
            try? FileManager.default.removeItem(at: directory.appending(path: name))
        }
    }

    /// The reports workers wrote since ``clear()``, joined; nil when there are none.
    static func take() -> String? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix("report") }.sorted()
        guard !names.isEmpty else { return nil }
        let reports = names.map { name in
            (try? String(contentsOf: directory.appending(path: name), encoding: .utf8)) ?? "(\(name) is not readable as UTF-8)"
        }
        clear()
        return reports.joined(separator: "\n")
    }

    /// Traps for a fault in our code; keeps the input of one in Graphviz and goes on.
    /// `workerFailed`: the render did not succeed (the worker crashed, failed or was killed at
    /// the deadline).
    static func judge(_ report: String, input: Data, workerFailed: Bool) {
        // With allocator_may_return_null=1 a refused allocation is a warning and a null
        // return, which the worker's address-space limit causes on purpose. When that warning
        // is all there is (Graphviz then faulted on the null, or the deadline ended the worker
        // before its sanitizer wrote more), nothing in the report points at any code.
        if onlyRefusedAllocations(report) { return }
        let stacks = Self.stacks(in: report)
        // A report without a single frame was cut short: the deadline killed the worker while
        // its sanitizer was still writing (seen on a loaded machine, on an input whose full
        // report is Graphviz's). It cannot be attributed; the input is kept for a look.
        if stacks.isEmpty, workerFailed {
            keep(input, report: report, as: "a sanitizer report cut short when the worker was stopped")
            return
        }
        guard !stacks.isEmpty, stacks.allSatisfy({ owner(of: $0) == .graphviz }) else {
            fatalError("FuzzDOT: the render worker's sanitizer reported a fault outside Graphviz:\n\(report)")
        }
        let firstLine = report.split(separator: "\n").first { $0.contains("ERROR:") } ?? "a sanitizer report"
        keep(input, report: report, as: "a fault inside Graphviz, not ours (\(firstLine))")
    }

    /// Keeps an input and its report where scripts/fuzz lists them, and says so on stderr.
    private static func keep(_ input: Data, report: String, as what: String) {
        let name = String(fnv1a(input), radix: 16)
        var kept = ""
        if let keptInputs {
            let folder = URL(fileURLWithPath: keptInputs)
            let count = (try? FileManager.default.contentsOfDirectory(atPath: keptInputs).count) ?? 0
            if count < keptLimit * 2 {
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? input.write(to: folder.appending(path: "\(name).dot"))
                try? Data(report.utf8).write(to: folder.appending(path: "\(name).txt"))
                kept = ", kept as \(folder.appending(path: name + ".dot").path)"
            }
        }
        FileHandle.standardError.write(Data("FuzzDOT: \(what)\(kept)\n".utf8))
    }

    /// Whether every line of a report is a warning that an allocation was refused.
    static func onlyRefusedAllocations(_ report: String) -> Bool {
        let lines = report.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        return !lines.isEmpty && lines.allSatisfy { $0.contains("WARNING: AddressSanitizer failed to allocate") }
    }

    enum Owner { case graphviz, ours }

    /// The stacks of a report: for an ASan error the first (where it happened; the stacks
    /// after it say where memory was allocated and freed), for a leak report every leak's.
    static func stacks(in report: String) -> [[Substring]] {
        var stacks: [[Substring]] = []
        var current: [Substring] = []
        for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#") {
                current.append(trimmed)
            } else if !current.isEmpty {
                stacks.append(current)
                current = []
            }
        }
        if !current.isEmpty { stacks.append(current) }
        if report.contains("ERROR: LeakSanitizer") { return stacks }
        return Array(stacks.prefix(1))
    }

    /// The first frame that is neither the sanitizer's runtime nor the C library decides:
    /// Graphviz's when it is in a system library (Graphviz and what it loads: Debian's
    /// Graphviz has no debug information, so its frames name the library), ours otherwise
    /// (our Swift code, which has source paths, the Swift runtime and Foundation under the
    /// toolchain, and anything not recognised).
    static func owner(of stack: [Substring]) -> Owner {
        for frame in stack {
            if runtimeMarkers.contains(where: { frame.contains($0) }) { continue }
            let inSystemLibrary = frame.contains("(/lib/") || frame.contains("(/usr/lib/")
            if inSystemLibrary, cRuntimeLibraries.contains(where: { frame.contains($0) }) { continue }
            return inSystemLibrary && !frame.contains("/swift/") ? .graphviz : .ours
        }
        return .ours
    }

    private static let runtimeMarkers = [
        "compiler-rt/", "sanitizer_common", " in __asan", " in __lsan", " in __sanitizer", "__interceptor_",
    ]
    private static let cRuntimeLibraries = ["/libc.so", "/libm.so", "/libstdc++.so", "/libgcc_s.so", "/ld-linux"]

    private static func fnv1a(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
}
