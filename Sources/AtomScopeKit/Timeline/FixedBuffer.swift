/// Memory for a fixed number of elements that lives as long as its owner.
///
/// For per-slot counters updated a million times in a pass: an array would check that its
/// buffer is unshared at every update, while writing through this memory checks nothing. (A
/// noncopyable struct that frees its memory in `deinit` would do the same job, but the Swift
/// 6.3 compiler emits broken code for one under ThreadSanitizer.)
final class FixedBuffer<Element> {
    let elements: UnsafeMutableBufferPointer<Element>

    init(count: Int, repeating value: Element) {
        elements = .allocate(capacity: count)
        elements.initialize(repeating: value)
    }

    deinit {
        elements.deinitialize()
        elements.deallocate()
    }
}
