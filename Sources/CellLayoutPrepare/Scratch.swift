/// Memory for what a builder writes once per element in a hot loop: plain stores, without
/// the uniqueness check of an array write. It is a view: of a `ScratchRegion`'s memory (zeroed,
/// or left for the owner to write in full), valid until the region's `reset()`, or of a
/// column of a block its owner allocated and frees (`Itemizer`, `ClusterTables`). Never
/// freed through the view.
@usableFromInline
package struct Scratch<Element> {
    @usableFromInline package let buffer: UnsafeMutableBufferPointer<Element>

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

    @inlinable
    package subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }
}
