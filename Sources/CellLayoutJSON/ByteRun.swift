import CellLayoutCore

/// JSON written through a pointer into room set aside beforehand, then appended to a
/// `JSONWriter` in one copy (`JSONWriter.run(capacity:_:)`). A laid-out row's figures are
/// some fifty pieces of a few bytes each, written again at every width: appended to the
/// writer's array one by one, each cost more than writing it.
///
/// Every write checks that it fits the capacity the run was given (a precondition: the
/// capacity is the caller's bound, never the input's).
struct ByteRun {
    private let start: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The bytes written so far.
    private(set) var count = 0

    /// A run writing into `buffer`.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress!
        capacity = buffer.count
    }

    /// Room for `n` more bytes, or a stop.
    private func ensure(_ n: Int) {
        precondition(count + n <= capacity, "ByteRun: \(count + n) bytes in a run of \(capacity)")
    }

    /// Appends text that is already JSON (punctuation, a key with its quotes and colon).
    mutating func raw(_ text: StaticString) {
        raw(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes that are already JSON.
    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        ensure(bytes.count)
        if let base = bytes.baseAddress { (start + count).initialize(from: base, count: bytes.count) }
        count += bytes.count
    }

    /// Appends a number as `JSONWriter.write(_:)` writes it: rounded to at most three
    /// decimals, `null` when not finite.
    mutating func write(_ number: Double) {
        guard number.isFinite else { return raw("null") }
        ensure(Double.formatted3Capacity)
        count += number.writeFormatted3(to: start + count)
    }

    /// Appends a whole number.
    mutating func write(_ integer: Int) {
        ensure(20)
        count += Int64(integer).writeDecimal(to: start + count)
    }
}
