/// Zeroed memory for what a builder writes once per element in a hot loop: plain stores,
/// without the uniqueness check of an array write. The owner frees it (`free()`).
struct Scratch<Element> {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(count: Int) where Element: ExpressibleByIntegerLiteral {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: 0)
    }

    init(count: Int) where Element == Bool {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: false)
    }

    subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }

    func free() { buffer.deallocate() }
}
