import Foundation

/// Checks of the raw command line, before the argument parser sees it.
enum Arguments {
    /// Refuses an argument that is not valid UTF-8, as JSON input with invalid UTF-8 is
    /// refused: Swift's `CommandLine.arguments` would repair it with U+FFFD, so a `--text`
    /// would be measured as other characters than those given, and a path would name
    /// another file.
    /// - Throws: `CLIError` "`--text: not valid UTF-8 (byte 0xFF at byte offset 3)`",
    ///   naming the option the argument belongs to (`--text X` or `--text=X`), else the
    ///   argument's position.
    static func checkEncoding() throws {
        let argv = CommandLine.unsafeArgv
        for i in 1..<Int(CommandLine.argc) {
            guard let pointer = argv[i] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(pointer)))
            guard let bad = firstInvalidByte(bytes) else { continue }
            let previous = i > 1 ? argv[i - 1].map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } : nil
            var name: String, offset = bad
            if bytes.starts(with: Array("--".utf8)), let equals = bytes.firstIndex(of: UInt8(ascii: "=")), equals < bad {
                name = String(decoding: bytes[..<equals], as: UTF8.self)
                offset = bad - equals - 1
            } else if let previous, previous.hasPrefix("-"), previous.count > 1, !previous.contains("=") {
                name = previous
            } else {
                name = "argument \(i)"
            }
            throw CLIError("\(name): not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at byte offset \(offset))")
        }
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence,
    /// or nil when all of `bytes` is UTF-8.
    static func firstInvalidByte(_ bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
