import Glibc

/// Memory (zeroed, or left for the owner to write in full) for what a builder writes once
/// per element in a hot loop: plain stores, without the uniqueness check of an array write. The owner frees it (`free()`), or hands
/// `buffer` to a paragraph, which frees it with `Scratch.free(_:)`.
///
/// The memory comes from `malloc`: `UnsafeMutableBufferPointer.allocate(capacity:)` asks
/// the Swift runtime for its "default" alignment, which it serves with `posix_memalign`
/// (about 320 instructions an allocation against malloc's 90; a paragraph makes about ten).
@usableFromInline
package struct Scratch<Element> {
    @usableFromInline package let buffer: UnsafeMutableBufferPointer<Element>

    @inlinable
    package init(count: Int) where Element: ExpressibleByIntegerLiteral {
        buffer = Self.allocate(count)
        buffer.initialize(repeating: 0)
    }

    @inlinable
    package init(count: Int) where Element == Bool {
        buffer = Self.allocate(count)
        buffer.initialize(repeating: false)
    }

    /// Memory for `count` elements that the owner writes in full before reading any.
    @inlinable
    package init(uninitializedCount count: Int) {
        buffer = Self.allocate(count)
    }

    /// Zeroed memory for `count` elements from `region`, valid until the region's `reset()`
    /// (never freed by itself).
    @inline(__always)
    package init(count: Int, in region: inout ScratchRegion) where Element: ExpressibleByIntegerLiteral {
        buffer = region.allocate(Element.self, count: count)
        buffer.initialize(repeating: 0)
    }

    /// Memory for `count` `false`s from `region`, valid until the region's `reset()`.
    @inline(__always)
    package init(count: Int, in region: inout ScratchRegion) where Element == Bool {
        buffer = region.allocate(Element.self, count: count)
        buffer.initialize(repeating: false)
    }

    /// Memory from `region` for `count` elements that the owner writes in full before
    /// reading any, valid until the region's `reset()`.
    @inline(__always)
    package init(uninitializedCount count: Int, in region: inout ScratchRegion) {
        buffer = region.allocate(Element.self, count: count)
    }

    /// A view of `count` elements at `start`: a column of a block its owner allocated and
    /// frees (`Itemizer` keeps six columns in one), never freed through the view.
    @inlinable
    package init(viewing start: UnsafeMutablePointer<Element>, count: Int) {
        buffer = UnsafeMutableBufferPointer(start: start, count: count)
    }

    /// A view of `buffer`, a column of a block its owner frees (`ClusterTables`).
    @inlinable
    package init(viewing buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }

    /// Uninitialized memory for `count` elements of a trivial type, from malloc (never
    /// nil: at least one byte is asked, and a failed malloc traps as Swift's allocation does).
    @inlinable
    package static func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
        precondition(_isPOD(Element.self), "Scratch holds trivial elements only")
        let bytes = count * MemoryLayout<Element>.stride
        guard let raw = malloc(max(1, bytes)) else { fatalError("out of memory (\(bytes) bytes)") }
        return UnsafeMutableBufferPointer(start: raw.bindMemory(to: Element.self, capacity: count), count: count)
    }

    /// Frees memory `allocate` gave (a buffer a paragraph took over).
    @inlinable
    package static func free(_ buffer: UnsafeMutableBufferPointer<Element>) { Glibc.free(buffer.baseAddress) }

    @inlinable
    package subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }

    @inlinable
    package func free() { Self.free(buffer) }
}
