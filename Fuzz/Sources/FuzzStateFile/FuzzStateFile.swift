import AtomJournal
import Foundation

// State files on any bytes: decoding gives a state file or a typed error, and a decoded one
// encodes again without a trap.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFile(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let file = try? AtomStateFile(jsonData: data) {
        _ = file.jsonData()
    }
    return 0
}
