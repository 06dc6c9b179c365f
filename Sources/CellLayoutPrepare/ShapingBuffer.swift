import CHarfBuzz
import Glibc

/// Each thread's HarfBuzz buffer, kept from one shaping to the next: creating and
/// destroying a buffer per shaping, with the arrays `hb_buffer_add_utf16` allocates in it,
/// cost ~2,400 instructions a shaping (~0.9 % of preparing international text: every piece
/// the shape memo lacks and every kerning pair met the first time is shaped).
/// `hb_buffer_clear_contents` puts a buffer back as `hb_buffer_create` made it but for its
/// Unicode functions and replacement character, which nothing here sets, and keeps its
/// arrays.
enum ShapingBuffer {
    /// The longest text whose buffer is kept for the next shaping: a buffer keeps the arrays
    /// its longest text needed (~40 bytes a code unit), so one piece of a long paragraph
    /// must not leave a thread holding them.
    static let keptUnits = 1024

    /// The thread's kept buffer, destroyed when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { buffer in hb_buffer_destroy(OpaquePointer(buffer)) }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    /// `body` called with an empty buffer for a text of `units` code units: the thread's kept
    /// one, taken out while `body` runs (a shaping inside `body` makes its own), else a new
    /// one; afterwards cleared and kept, unless the text was long or another is kept meanwhile.
    static func with<Result>(units: Int, _ body: (OpaquePointer) -> Result) -> Result {
        let key = self.key
        let buffer: OpaquePointer
        if let kept = pthread_getspecific(key) {
            pthread_setspecific(key, nil)
            buffer = OpaquePointer(kept)
        } else {
            buffer = hb_buffer_create()
        }
        defer {
            if units <= keptUnits, pthread_getspecific(key) == nil {
                hb_buffer_clear_contents(buffer)
                pthread_setspecific(key, UnsafeRawPointer(buffer))
            } else {
                hb_buffer_destroy(buffer)
            }
        }
        return body(buffer)
    }
}
