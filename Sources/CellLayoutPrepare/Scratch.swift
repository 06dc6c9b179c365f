/// Zeroed memory for what a builder writes once per element in a hot loop: plain stores,
/// without the uniqueness check of an array write. The owner frees it (`free()`).
@usableFromInline
package struct Scratch<Element> {
    @usableFromInline package let buffer: UnsafeMutableBufferPointer<Element>

    @inlinable
    package init(count: Int) where Element: ExpressibleByIntegerLiteral {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: 0)
    }

    @inlinable
    package init(count: Int) where Element == Bool {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: false)
    }

    @inlinable
    package subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }

    @inlinable
    package func free() { buffer.deallocate() }
}
