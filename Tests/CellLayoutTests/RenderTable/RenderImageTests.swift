import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// `"image": {"file": …}`: decoded from the table's folder, sized from the file unless a
/// size is given, drawn by `render` scaled and blended; `"systemName"` a size only; bad
/// files a located error.
///
/// The goldens come from quad.png's pixels (scripts/make-images.py: red (255, 0, 0, 255),
/// blue (0, 0, 255, 128) above transparent green (0, 255, 0, 0), white (255, 255, 255, 255))
/// and source-over compositing, out = src × α + dst × (1 − α), by hand:
/// - drawn at twice its size (2 × 2 pixels as 2 × 2 points at scale 2), each image pixel is
///   a 2 × 2 block. On the selected cell's background (217, 217, 217): red stays
///   (255, 0, 0); blue at α = 128/255 gives r = g = 217 × 127/255 = 108.07 → 108,
///   b = 255 × 128/255 + 108.07 = 236.07 → 236; the transparent pixel leaves 217; white
///   stays white.
/// - drawn into one pixel, the four average by area with alpha as weight: ᾱ = (1 + 128/255
///   + 0 + 1)/4 = 0.62549, premultiplied r = (255 + 255)/4 = 127.5, g = 255/4 = 63.75,
///   b = (128 + 255)/4 = 95.75; over white, r = 127.5 + 255 × (1 − ᾱ) = 127.5 + 95.5 = 223,
///   g = 63.75 + 95.5 = 159.25 → 159, b = 95.75 + 95.5 = 191.25 → 191.
@Suite("Render: images from files")
struct RenderImageTests {
    static let images = TestFonts.fixture("Images")

    static func decoder(folder: URL? = images) -> TableDecoder {
        TableDecoder(fonts: TestFonts.library, imageFolder: folder?.path)
    }

    static func table(_ image: String, selected: Bool = false) -> String {
        #"{"width": 320, "rows": [{"id": "a", "text": "Picture", "selected": \#(selected), "image": \#(image)}]}"#
    }

    @Test func theImageViewTakesTheFilesSizeUnlessOneIsGiven() throws {
        let decoder = Self.decoder()
        let own = try decoder.decode(try JSONParser.parse(Self.table(#"{"file": "quad.png"}"#)))
        #expect(own.sections[0].rows[0].image == TableMetrics.Size(width: 2, height: 2))
        #expect(own.sections[0].rows[0].imageBitmap?.pixelWidth == 2)
        let given = try decoder.decode(try JSONParser.parse(Self.table(#"{"file": "quad.png", "width": 29, "height": 20}"#)))
        #expect(given.sections[0].rows[0].image == TableMetrics.Size(width: 29, height: 20))
        // One decode per file: both tables hold the same bitmap.
        #expect(given.sections[0].rows[0].imageBitmap === own.sections[0].rows[0].imageBitmap)
        let symbol = try decoder.decode(try JSONParser.parse(
            Self.table(#"{"systemName": "gearshape", "width": 29, "height": 29}"#)))
        #expect(symbol.sections[0].rows[0].image == TableMetrics.Size(width: 29, height: 29))
        #expect(symbol.sections[0].rows[0].imageBitmap == nil)
        // A size in its other forms is a size-only image.
        for form in ["[29, 20]", #""{29, 20}""#] {
            let sized = try decoder.decode(try JSONParser.parse(Self.table(form)))
            #expect(sized.sections[0].rows[0].image == TableMetrics.Size(width: 29, height: 20), "\(form)")
            #expect(sized.sections[0].rows[0].imageBitmap == nil)
        }
    }

    /// The message `decode` gives for `image`, or nil.
    static func error(_ image: String, folder: URL? = images) -> String? {
        do {
            _ = try decoder(folder: folder).decode(try JSONParser.parse(table(image)))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func badImagesAreLocatedErrors() throws {
        let folder = Self.images.path
        #expect(Self.error(#"{"file": "missing.png"}"#)
                == #"rows[0].image.file: "\#(folder)/missing.png": cannot read it: No such file or directory"#)
        #expect(Self.error(#"{"file": "huge.png"}"#)
                == #"rows[0].image.file: "\#(folder)/huge.png": 10000 × 10000 pixels, more than an image may have (8192 a side, 16777216 in all)"#)
        #expect(Self.error(#"{"file": ""}"#) == "rows[0].image.file: an empty file name")
        #expect(Self.error(#"{"systemName": "gear"}"#)
                == #"rows[0].image: a "systemName" image needs "width" and "height": SF Symbols are not available here, so it is a size-only placeholder"#)
        #expect(Self.error(#"{"file": "quad.png", "systemName": "gear"}"#)
                == #"rows[0].image: give either "file" or "systemName", not both"#)
        #expect(Self.error(#"{"file": "quad.png", "width": 3}"#) == #"rows[0].image: give "width" and "height" together"#)
        #expect(Self.error(#"{"width": 3, "height": 3, "name": "x"}"#)
                == #"rows[0].image.name: unknown key (did you mean "systemName"?)"#)
        // An absolute path is taken as it is, whatever the folder.
        #expect(Self.error(#"{"file": "\#(folder)/quad.png"}"#, folder: URL(fileURLWithPath: "/nonexistent")) == nil)
    }

    @Test func renderDrawsThePixelsScaledAndBlended() throws {
        var spec = try Self.decoder().decode(try JSONParser.parse(Self.table(#"{"file": "quad.png"}"#, selected: true)))
        spec.metrics.scale = 2
        let table = try TableLayout(spec: spec, engine: TestFonts.engine)
        let canvas = try TableRenderer().render(table, scale: 2, frames: false)
        let (row, _, content) = RenderTables.row(table, 0, 0)
        let frame = try #require(row.imageView)
        #expect(frame.width == 2 && frame.height == 2)
        let x = Int((content.x + frame.minX) * 2), y = Int((content.y + frame.minY) * 2)
        let red = RGBA(r: 255, g: 0, b: 0), blue = RGBA(r: 108, g: 108, b: 236)
        let background = RGBA(r: 217, g: 217, b: 217), white = RGBA(r: 255, g: 255, b: 255)
        // Top: red, half blue; bottom: the transparent pixel shows the selected gray, then white.
        let golden: [[RGBA]] = [[red, red, blue, blue], [red, red, blue, blue],
                                [background, background, white, white], [background, background, white, white]]
        for j in 0..<4 {
            #expect((0..<4).map { canvas[x + $0, y + j] } == golden[j], "row \(j)")
        }
        // Around the image, the selected background.
        #expect(canvas[x - 1, y] == background && canvas[x + 4, y + 3] == background)
    }

    @Test func anImageDrawnSmallerAveragesItsPixels() throws {
        var canvas = try Canvas(width: 3, height: 3, scale: 1, background: .white)
        canvas.draw(try ImageBitmap(pngFile: Self.images.appendingPathComponent("quad.png").path),
                    in: CGRect(x: 1, y: 1, width: 1, height: 1))
        #expect(canvas[1, 1] == RGBA(r: 223, g: 159, b: 191))
        #expect(canvas[0, 0] == .white && canvas[2, 2] == .white && canvas[1, 0] == .white)
    }

    @Test func theCommandResolvesFilesBesideTheTableAndStdinInTheCurrentFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.images.appendingPathComponent("quad.png"),
                                         to: folder.appendingPathComponent("pictures/quad@2x.png"))
        let document = Self.table(#"{"file": "pictures/quad@2x.png"}"#)
        try Data(document.utf8).write(to: folder.appendingPathComponent("table.json"))
        // From another folder, the path is the table's folder's: 2 × 2 pixels @2x are 1 × 1 points.
        let beside = try CLI.run(["layout", folder.appendingPathComponent("table.json").path, "--no-system-fonts"])
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(beside.stdout.contains(#""imageView":[16,21,1,1]"#), "\(beside.stdout)")
        // On standard input, the current folder's.
        let piped = try CLI.run(["layout", "-", "--no-system-fonts"], stdin: Array(document.utf8), directory: folder)
        #expect(piped.status == 0 && piped.stdout == beside.stdout, "\(piped.stderr)")
        let elsewhere = try CLI.run(["layout", "-", "--no-system-fonts"], stdin: Array(document.utf8),
                                    directory: folder.appendingPathComponent("pictures"))
        #expect(elsewhere.status == 1)
        #expect(elsewhere.stderr.contains(#"rows[0].image.file: "pictures/quad@2x.png": cannot read it: No such file or directory"#),
                "\(elsewhere.stderr)")
        // render draws it.
        let png = folder.appendingPathComponent("table.png").path
        let rendered = try CLI.run(["render", folder.appendingPathComponent("table.json").path, "--no-system-fonts", "-o", png])
        #expect(rendered.status == 0, "\(rendered.stderr)")
    }
}
