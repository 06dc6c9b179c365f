import CFreeType
import CellLayout
import Foundation

/// Draws glyph runs into a canvas with FreeType: outlines unhinted, rendered as 8-bit
/// anti-aliased coverage and blended in a color.
///
/// Glyphs keep their fractional horizontal positions (FreeType renders each one shifted
/// by the fraction of a pixel); the baseline is rounded to a whole pixel so that text
/// stays sharp vertically, as text drawn on an iPhone is.
///
/// Color glyphs (the CBDT bitmaps of Noto Color Emoji, loaded with `FT_LOAD_COLOR`) are
/// drawn in their own colors, whatever color the run asks for, as Core Text draws emoji:
/// the font's bitmap strike nearest above the size is scaled to the size (a box filter
/// over the premultiplied pixels), placed by its bearings scaled alike.
///
/// Glyphs FreeType cannot load or render — missing ids, files it cannot open — are
/// skipped; the .notdef glyph draws as the font's box.
///
/// Not `Sendable`: FreeType faces must not be used from two threads at once. Make one
/// rasterizer per render; it keeps one FreeType library and one face per font face.
public final class GlyphRasterizer {
    private let library: FT_Library
    /// One face per font file path and face index; nil for faces FreeType could not open.
    private var faces: [FaceKey: FT_Face?] = [:]

    private struct FaceKey: Hashable {
        let path: String
        let index: UInt32
    }

    /// A rasterizer with its own FreeType library.
    /// - Throws: `RenderError.freeType` when FreeType cannot be initialized.
    public init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw RenderError.freeType(code: error) }
        self.library = library
    }

    deinit {
        for case let face? in faces.values { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    /// Draws `run` in `color` with the line's left end and baseline at `origin`
    /// (points, y downward): glyph `i` has its origin at
    /// `(origin.x + positions[i].x, origin.y − positions[i].y)`.
    public func draw(_ run: GlyphRun, at origin: CGPoint, color: RGBA, into canvas: inout Canvas) {
        let scale = Double(canvas.scale)
        guard let face = face(run.font.face) else { return }
        let pixelSize = run.font.size * scale
        let isBitmapFont = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0
        // A bitmap font draws at a strike's size, scaled by `bitmapScale` afterwards.
        var bitmapScale = 1.0
        if isBitmapFont {
            guard let strike = Self.strike(of: face, for: pixelSize), FT_Select_Size(face, strike.index) == 0
            else { return }
            bitmapScale = pixelSize / strike.pixelsPerEm
        } else if FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) != 0 {
            return
        }
        setVariations(of: face, to: run.font)
        for (glyph, position) in zip(run.glyphs, run.positions) {
            let x = (origin.x + position.x) * scale
            let baseline = ((origin.y - position.y) * scale).rounded()
            guard abs(x) < 1e7, abs(baseline) < 1e7 else { continue }
            if isBitmapFont {
                guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph
                else { continue }
                blendColor(slot.pointee, originX: x, baseline: baseline, scale: bitmapScale, into: &canvas)
                continue
            }
            let whole = x.rounded(.down)
            var shift = FT_Vector(x: FT_Pos(((x - whole) * 64).rounded()), y: 0)
            // A slanted font (a synthetic italic) is sheared: x += slant × y, in 16.16.
            var shear = FT_Matrix(xx: 0x10000, xy: FT_Fixed((Font.slant * 65536).rounded()), yx: 0, yy: 0x10000)
            if run.font.isSlanted {
                FT_Set_Transform(face, &shear, &shift)
            } else {
                FT_Set_Transform(face, nil, &shift)
            }
            guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
                  let slot = face.pointee.glyph,
                  FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { continue }
            blend(slot.pointee, originX: Int(whole), baseline: Int(baseline), color: color, into: &canvas)
        }
    }

    /// The bitmap strike to draw `pixelSize` from: the smallest at least that large (scaled
    /// down, which keeps detail), else the largest; nil when the face has none.
    private static func strike(of face: FT_Face, for pixelSize: Double) -> (index: FT_Int, pixelsPerEm: Double)? {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
        let strikes = (0..<count).map { (index: FT_Int($0), pixelsPerEm: Double(sizes[$0].y_ppem) / 64) }
            .filter { $0.pixelsPerEm > 0 }
        return strikes.filter { $0.pixelsPerEm >= pixelSize }.min { $0.pixelsPerEm < $1.pixelsPerEm }
            ?? strikes.max { $0.pixelsPerEm < $1.pixelsPerEm }
    }

    /// Sets a variable face to the instance `font` was measured at (its `Font.variations`,
    /// every other axis at its default), so that the glyphs drawn are the ones measured;
    /// a face shared by fonts of several instances is set again for each run.
    private func setVariations(of face: FT_Face, to font: Font) {
        let axes = font.face.axes
        guard !axes.isEmpty, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return }
        let values = font.variations
        var coordinates = axes.map { FT_Fixed(((values[$0.tag] ?? $0.defaultValue) * 65536).rounded()) }
        _ = FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates)
    }

    /// FreeType's face for `fontFace` (its file and face index), opened on first use.
    private func face(_ fontFace: FontFace) -> FT_Face? {
        let key = FaceKey(path: fontFace.path, index: fontFace.index)
        if let known = faces[key] { return known }
        var face: FT_Face?
        if FT_New_Face(library, fontFace.path, FT_Long(fontFace.index), &face) != 0 { face = nil }
        faces[key] = face
        return face
    }

    /// Blends a rendered glyph's 8-bit coverage bitmap into `canvas`, its origin at pixel
    /// (`originX`, `baseline`).
    private func blend(_ slot: FT_GlyphSlotRec, originX: Int, baseline: Int, color: RGBA, into canvas: inout Canvas) {
        let bitmap = slot.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer,
              bitmap.width > 0, bitmap.rows > 0 else { return }
        let left = originX + Int(slot.bitmap_left), top = baseline - Int(slot.bitmap_top)
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let levels = Double(max(bitmap.num_grays, 2) - 1)
        guard let box = canvas.pixelBox(
            minX: Double(left), minY: Double(top), maxX: Double(left + width), maxY: Double(top + rows)) else { return }
        canvas.paint(color, in: box) { x, y in
            Double(buffer[(y - top) * pitch + (x - left)]) / levels
        }
    }

    /// Blends a color glyph's premultiplied BGRA bitmap into `canvas`, scaled by `scale`,
    /// its origin at pixel x `originX` (fractional) on row `baseline`: each canvas pixel
    /// takes the average of the bitmap pixels its square covers.
    private func blendColor(_ slot: FT_GlyphSlotRec, originX: Double, baseline: Double, scale: Double,
                            into canvas: inout Canvas) {
        let bitmap = slot.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer,
              bitmap.width > 0, bitmap.rows > 0, scale > 0 else { return }
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let left = originX + Double(slot.bitmap_left) * scale, top = baseline - Double(slot.bitmap_top) * scale
        guard let box = canvas.pixelBox(minX: left, minY: top, maxX: left + Double(width) * scale,
                                        maxY: top + Double(rows) * scale) else { return }
        canvas.paint(in: box) { x, y in
            // The bitmap rows and columns under pixel (x, y).
            let x0 = max(0, Int(((Double(x) - left) / scale).rounded(.down)))
            let x1 = min(width, max(x0 + 1, Int(((Double(x + 1) - left) / scale).rounded(.up))))
            let y0 = max(0, Int(((Double(y) - top) / scale).rounded(.down)))
            let y1 = min(rows, max(y0 + 1, Int(((Double(y + 1) - top) / scale).rounded(.up))))
            guard x0 < x1, y0 < y1 else { return nil }
            var b = 0, g = 0, r = 0, a = 0
            for row in y0..<y1 {
                let line = buffer + row * pitch
                for column in x0..<x1 {
                    let pixel = line + column * 4
                    b += Int(pixel[0]); g += Int(pixel[1]); r += Int(pixel[2]); a += Int(pixel[3])
                }
            }
            guard a > 0 else { return nil }
            // Premultiplied sums back to a straight color, and the mean alpha.
            func straight(_ c: Int) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
            let samples = Float((x1 - x0) * (y1 - y0))
            return (RGBA(r: straight(r), g: straight(g), b: straight(b)), Float(a) / 255 / samples)
        }
    }
}
