/// A list of plain values in memory its owner frees, grown by doubling and emptied by
/// setting its count: appending checks no uniqueness and emptying calls nothing, which an
/// `Array` does at every append and every `removeAll`. For lists filled a million times in
/// one pass over a journal (``JournalStepChanges``, the timeline's change index).
///
/// A copy shares the memory; only its owner keeps one, and calls ``deallocate()`` once.
///
/// Inlinable, so that the module that fills a list specialises it: unspecialised, each
/// element cost metadata lookups in the runtime. That takes `public`: Swift 6.3 inlines a
/// `package` declaration's body in no other module. The SPI keeps it out of the library's
/// API: only a module that imports `@_spi(JournalReading)` sees it.
@_spi(JournalReading)
public struct StepList<Element: BitwiseCopyable> {
    @usableFromInline var base: UnsafeMutablePointer<Element>?
    @usableFromInline var capacity = 0
    @usableFromInline var storedCount = 0

    @inlinable public init() {}

    /// How many elements the list holds.
    @inlinable public var count: Int { storedCount }

    /// The last element, if there is one.
    @inlinable public var last: Element? { storedCount > 0 ? base.unsafelyUnwrapped[storedCount &- 1] : nil }

    /// The elements, valid until the list changes.
    @inlinable public var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: storedCount) }

    @inlinable @inline(__always)
    public mutating func append(_ element: Element) {
        if storedCount == capacity { grow() }
        // `grow()` made room: the slot is inside the allocation.
        base.unsafelyUnwrapped[storedCount] = element
        storedCount &+= 1
    }

    /// Appends every element of `elements`, growing once, to the room they need or twice
    /// the present room, whichever is more.
    public mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        if capacity - storedCount < elements.count {
            reallocate(capacity: Swift.max(storedCount + elements.count, capacity * 2))
        }
        // Room was made for all of them.
        (base.unsafelyUnwrapped + storedCount).initialize(from: source, count: elements.count)
        storedCount &+= elements.count
    }

    @inlinable @inline(__always)
    public mutating func removeAll() {
        storedCount = 0
    }

    @inlinable
    mutating func grow() {
        reallocate(capacity: Swift.max(16, capacity * 2))
    }

    @usableFromInline
    mutating func reallocate(capacity larger: Int) {
        let memory = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        if let base {
            memory.initialize(from: base, count: storedCount)
            base.deallocate()
        }
        base = memory
        capacity = larger
    }

    /// Frees the memory; only the owner calls this, once, when it is done.
    @inlinable public mutating func deallocate() {
        base?.deallocate()
        base = nil
        capacity = 0
        storedCount = 0
    }
}
