import Dispatch

extension RandomAccessCollection where Index == Int {
    /// The elements transformed on all cores, results in order.
    ///
    /// Work is handed out in chunks of `chunk` elements to `DispatchQueue.concurrentPerform`;
    /// each result is written straight into its own slot of the result array, so there is
    /// no lock and no copy.
    /// - Parameters:
    ///   - chunk: how many consecutive elements one worker takes at a time.
    ///   - transform: called once per element, from any thread.
    public func concurrentMap<T>(chunk: Int = 64, _ transform: (Element) -> T) -> [T] {
        let count = self.count
        guard count > 0 else { return [] }
        let start = startIndex
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            withoutActuallyEscaping(transform) { transform in
                // The element's slot filled outside the concurrent closure, which then names
                // neither the collection's type nor T: only this closure, handed over unchecked.
                let fill = { (i: Int) in (slots.baseAddress! + i).initialize(to: transform(self[start + i])) }
                nonisolated(unsafe) let work = fill
                DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
                    for i in (c * chunk)..<Swift.min(count, (c + 1) * chunk) { work(i) }
                }
            }
            initialized = count
        }
    }
}
