import CellLayout
import Foundation
import Testing

/// PNG files read into bitmaps (libpng), and every kind of bad file refused with its path
/// and reason. The fixtures are written by scripts/make-images.py, which says their pixels:
/// quad.png is red (255, 0, 0, 255) and half-transparent blue (0, 0, 255, 128) above a
/// fully transparent green (0, 255, 0, 0) and white (255, 255, 255, 255); gray-16bit.png
/// one 16-bit gray pixel 0x8000, whose high byte is 128.
@Suite("Cell: images from PNG files")
struct ImageBitmapTests {
    static let quad = TestFonts.fixture("Images/quad.png").path

    @Test func aPNGDecodesToItsPixelsAtTheScaleItsNameGives() throws {
        let image = try ImageBitmap(pngFile: Self.quad)
        #expect(image.pixelWidth == 2 && image.pixelHeight == 2 && image.scale == 1)
        #expect(image.pixels == [255, 0, 0, 255, 0, 0, 255, 128, 0, 255, 0, 0, 255, 255, 255, 255])
        #expect(image.size == TableMetrics.Size(width: 2, height: 2))
        let gray = try ImageBitmap(pngFile: TestFonts.fixture("Images/gray-16bit.png").path)
        #expect(gray.pixels == [128, 128, 128, 255])
        // 2 × 2 pixels at scale 2 are 1 × 1 points.
        #expect(try ImageBitmap(pngFile: Self.quad, scale: 2).size == TableMetrics.Size(width: 1, height: 1))
    }

    @Test func theScaleComesFromAnAt2xOrAt3xName() {
        #expect(ImageBitmap.scale(ofFileName: "icon.png") == 1)
        #expect(ImageBitmap.scale(ofFileName: "images/icon@2x.png") == 2)
        #expect(ImageBitmap.scale(ofFileName: "/a/b/icon@3x.png") == 3)
        #expect(ImageBitmap.scale(ofFileName: "icons@2x/icon.png") == 1)
        #expect(ImageBitmap.scale(ofFileName: "icon@4x.png") == 1)
    }

    /// The reason `ImageBitmap(pngFile:)` gives for `path`, or nil when it reads it.
    static func reason(_ path: String) -> String? {
        do {
            _ = try ImageBitmap(pngFile: path)
            return nil
        } catch {
            #expect(error.path == path)
            return error.reason
        }
    }

    @Test func badFilesAreRefusedWithTheirReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url.path
        }
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: Self.quad)))

        #expect(Self.reason(folder.appendingPathComponent("missing.png").path)
                == "cannot read it: No such file or directory")
        #expect(Self.reason(folder.path) == "it is a directory, not a regular file")
        #expect(Self.reason(try file("text.png", Array("not a picture".utf8)))
                == "not a PNG file (it does not start with the PNG signature)")
        #expect(Self.reason(try file("empty.png", [])) == "not a PNG file (it does not start with the PNG signature)")
        // Cut inside the image data: libpng runs out of bytes.
        let truncated = try #require(Self.reason(try file("cut.png", Array(png.prefix(50)))))
        #expect(truncated.hasPrefix("not a PNG libpng can decode: "), "\(truncated)")
        // A damaged CRC (the IHDR's last byte).
        var damaged = png
        damaged[32] ^= 0xFF
        let crc = try #require(Self.reason(try file("crc.png", damaged)))
        #expect(crc.hasPrefix("not a PNG libpng can decode: "), "\(crc)")
        #expect(Self.reason(TestFonts.fixture("Images/huge.png").path)
                == "10000 × 10000 pixels, more than an image may have (8192 a side, 16777216 in all)")
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString).png").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Nothing ever writes to the FIFO: reading it would block for ever.
        #expect(Self.reason(path) == "it is a FIFO, not a regular file")
    }

    @Test func pixelsGivenInSwiftAreChecked() {
        #expect(ImageBitmap(pixelWidth: 1, pixelHeight: 1, pixels: [1, 2, 3, 4]) != nil)
        #expect(ImageBitmap(pixelWidth: 1, pixelHeight: 1, pixels: [1, 2, 3]) == nil)
        #expect(ImageBitmap(pixelWidth: 0, pixelHeight: 1, pixels: []) == nil)
        #expect(ImageBitmap(pixelWidth: 1, pixelHeight: 1, scale: 4, pixels: [1, 2, 3, 4]) == nil)
    }
}
