import CellLayoutCore
import CPNG
import Foundation

/// A picture for an image view: RGBA pixels (8 bits a channel, straight alpha, rows top to
/// bottom) and the scale they were made for, so that its size in points is its size in
/// pixels over its scale, as `UIImage.size` is.
///
/// Immutable and shared: every row that shows the same file holds one bitmap. Two bitmaps
/// are equal when they are the same object.
public final class ImageBitmap: Hashable, Sendable {
    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int
    /// Pixels per point (`UIImage.scale`): 1, 2 or 3.
    public let scale: Int
    /// `pixelWidth × pixelHeight × 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]

    /// The most pixels a side (an image view's picture, not a poster).
    public static let maxSide = 8192
    /// The most pixels one image may have: 2²⁴ (64 MiB decoded).
    public static let maxPixels = 1 << 24
    /// The largest PNG file read: 64 MiB.
    public static let maxFileBytes = 64 << 20

    /// The size in points: pixels over the scale.
    public var size: TableMetrics.Size {
        TableMetrics.Size(width: Double(pixelWidth) / Double(scale), height: Double(pixelHeight) / Double(scale))
    }

    /// A bitmap of the given pixels, or nil when the sizes are not positive, larger than
    /// ``maxSide`` or ``maxPixels``, the scale is not 1, 2 or 3, or `pixels` does not hold
    /// `pixelWidth × pixelHeight × 4` bytes.
    public init?(pixelWidth: Int, pixelHeight: Int, scale: Int = 1, pixels: [UInt8]) {
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= Self.maxSide, pixelHeight <= Self.maxSide,
              pixelWidth * pixelHeight <= Self.maxPixels, (1...3).contains(scale),
              pixels.count == pixelWidth * pixelHeight * 4 else { return nil }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.pixels = pixels
    }

    /// The PNG file at `path` (any colour type and bit depth, decoded by libpng), at the
    /// scale its name gives (``scale(ofFileName:)``: `icon@2x.png` is 2) unless `scale`
    /// is given. Only a regular file is read: a FIFO, a directory or a device is refused
    /// before it is opened.
    /// - Throws: ``ImageError`` naming the path and what is wrong: it cannot be read, is
    ///   not a regular file, is larger than ``maxFileBytes``, is not a PNG, is damaged or
    ///   cut short, or is larger than ``maxSide`` a side or ``maxPixels``.
    public convenience init(pngFile path: String, scale: Int? = nil) throws(ImageError) {
        let bytes = try Self.contents(of: path)
        try self.init(png: bytes, path: path, scale: scale ?? Self.scale(ofFileName: path))
    }

    /// A PNG's bytes decoded; `path` names it in errors.
    private convenience init(png bytes: [UInt8], path: String, scale: Int) throws(ImageError) {
        guard (1...3).contains(scale) else { throw ImageError(path: path, "scale \(scale): an image's scale is 1, 2 or 3") }
        var rgba: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 160)
        let code = bytes.withUnsafeBufferPointer { png in
            cpng_decode_rgba_within(png.baseAddress, png.count, UInt32(Self.maxSide), UInt64(Self.maxPixels),
                                    &rgba, &width, &height, &message, message.count)
        }
        guard code == CPNG_OK, let rgba else {
            switch Int(code) {
            case CPNG_NOT_PNG: throw ImageError(path: path, "not a PNG file (it does not start with the PNG signature)")
            case CPNG_TOO_LARGE:
                throw ImageError(path: path, "\(width) × \(height) pixels, more than an image may have "
                                 + "(\(Self.maxSide) a side, \(Self.maxPixels) in all)")
            case CPNG_OUT_OF_MEMORY: throw ImageError(path: path, "out of memory decoding it")
            default:
                let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw ImageError(path: path, "not a PNG libpng can decode: \(reason.isEmpty ? "error \(code)" : reason)")
            }
        }
        defer { cpng_free(rgba) }
        let pixels = Array(UnsafeBufferPointer(start: rgba, count: Int(width) * Int(height) * 4))
        self.init(pixelWidth: Int(width), pixelHeight: Int(height), scale: scale, pixels: pixels)!
    }

    /// The scale a file's name gives, as `UIImage(contentsOfFile:)` reads it: 2 for
    /// `name@2x.png`, 3 for `name@3x.png`, else 1.
    public static func scale(ofFileName path: String) -> Int {
        var name = Substring(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
        if name.hasSuffix("@2x") { return 2 }
        if name.hasSuffix("@3x") { return 3 }
        return 1
    }

    /// The bytes of the regular file at `path`, refusing anything else before reading.
    private static func contents(of path: String) throws(ImageError) -> [UInt8] {
        if let kind = FileKind.nonRegular(at: path) { throw ImageError(path: path, "it is \(kind), not a regular file") }
        // Opened without blocking, and checked again once open, so that a FIFO swapped in
        // after the check still cannot block the read.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ImageError(path: path, "cannot read it: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ImageError(path: path, "cannot read it: \(String(cString: strerror(errno)))") }
        if let kind = FileKind.nonRegular(info.st_mode) { throw ImageError(path: path, "it is \(kind), not a regular file") }
        guard info.st_size <= maxFileBytes else {
            throw ImageError(path: path, "\(info.st_size) bytes, more than the \(maxFileBytes) an image file may have")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw ImageError(path: path, "cannot read it: \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            count += got
        }
        return Array(bytes[..<count])
    }

    /// Identity: the same bitmap object.
    public static func == (a: ImageBitmap, b: ImageBitmap) -> Bool { a === b }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Why an image file could not be used: its path and the reason, in words.
public struct ImageError: Error, Equatable, CustomStringConvertible {
    /// The file's path as it was opened.
    public var path: String
    /// What is wrong, e.g. "not a PNG file (it does not start with the PNG signature)".
    public var reason: String

    /// - Parameters: the path and the reason.
    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `"path": reason`.
    public var description: String { "\"\(path)\": \(reason)" }
}

/// `read(2)`, named apart from `ImageBitmap`'s members.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
