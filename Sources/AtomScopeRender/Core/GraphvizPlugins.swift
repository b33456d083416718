import CGraphviz
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads Graphviz's plugin libraries ourselves and hands them to `gvContextPlugins` as a
/// preloaded-symbols table, so rendering never depends on the `config6a` file written by
/// `dot -c` at install time (absent in minimal images, stale after partial upgrades).
///
/// Each plugin library exports one `gvplugin_<name>_LTX_library` (a `gvplugin_library_t`);
/// we `dlopen` the library, `dlsym` that symbol and list it in a NULL-terminated `lt_symlist_t`
/// array. With `demand_loading = 0`, libgvc installs exactly these and never reads
/// `config6a`. Libraries are never closed and the table is never freed: the one process-wide
/// context keeps pointers into both for the life of the process.
enum GraphvizPlugins {
    /// Plugins without which nothing renders: SVG/DOT/plain output, and the layout engines.
    static let required = ["core", "dot_layout", "neato_layout"]
    /// cairo/pango: PNG and PDF output, and text measurement identical to the `dot` binary.
    /// Without it SVG still renders (with estimated text widths), PNG and PDF do not.
    static let textLayout = "pango"

    struct Table {
        /// NULL-terminated; owned by the process forever.
        let symbols: UnsafeMutablePointer<lt_symlist_t>
        /// Why the pango plugin is missing, or nil when it loaded.
        let textLayoutFailure: String?
    }

    static func load() throws(GraphRenderError) -> Table {
        let directories = candidateDirectories()
        var loaded: [(symbol: String, address: UnsafeMutableRawPointer)] = []
        var failures: [String: String] = [:]

        for name in required + [textLayout] {
            switch loadLibrary(named: name, searching: directories) {
            case .success(let entry): loaded.append(entry)
            case .failure(let reason): failures[name] = reason
            }
        }

        let missingRequired = required.filter { failures[$0] != nil }
        guard missingRequired.isEmpty else {
            let details = missingRequired.map { "\($0): \(failures[$0]!)" }.joined(separator: "; ")
            throw .pluginsUnavailable(message: details)
        }

        let symbols = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: loaded.count + 1)
        for (offset, entry) in loaded.enumerated() {
            symbols[offset] = lt_symlist_t(name: strdup(entry.symbol), address: entry.address)
        }
        symbols[loaded.count] = lt_symlist_t(name: nil, address: nil)
        return Table(symbols: symbols, textLayoutFailure: failures[textLayout])
    }

    private enum LoadResult {
        case success((symbol: String, address: UnsafeMutableRawPointer))
        case failure(String)
    }

    private static func loadLibrary(named name: String, searching directories: [String]) -> LoadResult {
        let symbol = "gvplugin_\(name)_LTX_library"
        var reasons: [String] = []
        for directory in directories {
            for file in fileNames(for: name) {
                let path = directory + "/" + file
                guard access(path, R_OK) == 0 else { continue }
                guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                    reasons.append(lastDynamicLinkerError(or: "cannot load \(path)"))
                    continue
                }
                guard let address = dlsym(handle, symbol) else {
                    reasons.append("\(path) has no \(symbol)")
                    continue
                }
                return .success((symbol, address))
            }
        }
        if reasons.isEmpty {
            reasons.append("libgvplugin_\(name) not found in \(directories.joined(separator: ", "))")
        }
        return .failure(reasons.joined(separator: "; "))
    }

    private static func fileNames(for name: String) -> [String] {
        #if canImport(Darwin)
        ["libgvplugin_\(name).6.dylib", "libgvplugin_\(name).dylib"]
        #else
        ["libgvplugin_\(name).so.6", "libgvplugin_\(name).so"]
        #endif
    }

    /// Where to look, best first: `GVBINDIR` (Graphviz's own override), the `graphviz`
    /// directory next to the libgvc this process is linked against, then the usual places.
    static func candidateDirectories() -> [String] {
        var directories: [String] = []
        if let override = getenv("GVBINDIR") {
            directories.append(String(cString: override))
        }
        if let libgvc = linkedLibgvcDirectory() {
            directories.append(libgvc + "/graphviz")
        }
        directories += [
            "/usr/lib/x86_64-linux-gnu/graphviz",
            "/usr/lib/aarch64-linux-gnu/graphviz",
            "/usr/lib64/graphviz",
            "/usr/lib/graphviz",
            "/usr/local/lib/graphviz",
            "/opt/homebrew/lib/graphviz",
        ]
        var seen: Set<String> = []
        return directories.filter { seen.insert($0).inserted }
    }

    /// The directory holding the libgvc this process is linked against.
    private static func linkedLibgvcDirectory() -> String? {
        #if canImport(Darwin)
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "gvContextPlugins") else { return nil }
        var info = Dl_info()
        guard dladdr(address, &info) != 0, let file = info.dli_fname else { return nil }
        return directory(of: String(cString: file))
        #else
        // glibc's dladdr is not visible to Swift (it needs _GNU_SOURCE); the loader's own
        // map of this process says the same thing.
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if path.split(separator: "/").last?.hasPrefix("libgvc.so") == true {
                return directory(of: path)
            }
        }
        return nil
        #endif
    }

    private static func directory(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    private static func lastDynamicLinkerError(or fallback: String) -> String {
        guard let message = dlerror() else { return fallback }
        return String(cString: message)
    }
}
