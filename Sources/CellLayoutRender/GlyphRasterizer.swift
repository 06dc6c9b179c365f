import CFreeType
import CellLayout
import Foundation

/// Draws glyph runs into a canvas with FreeType: outlines unhinted, rendered as 8-bit
/// anti-aliased coverage and blended in a color.
///
/// Glyphs keep their fractional horizontal positions (FreeType renders each one shifted
/// by the fraction of a pixel); the baseline is rounded to a whole pixel so that text
/// stays sharp vertically, as text drawn on an iPhone is. Glyphs FreeType cannot load or
/// render — missing ids, bitmap-only (color emoji) fonts, files it cannot open — are
/// skipped; the .notdef glyph draws as the font's box.
///
/// Not `Sendable`: FreeType faces must not be used from two threads at once. Make one
/// rasterizer per render; it keeps one FreeType library and one face per font file.
public final class GlyphRasterizer {
    private let library: FT_Library
    /// One face per font file path; nil for files FreeType could not open.
    private var faces: [String: FT_Face?] = [:]

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
        guard let face = face(atPath: run.font.face.path),
              FT_Set_Char_Size(face, 0, FT_F26Dot6((run.font.size * scale * 64).rounded()), 72, 72) == 0
        else { return }
        for (glyph, position) in zip(run.glyphs, run.positions) {
            let x = (origin.x + position.x) * scale
            let baseline = ((origin.y - position.y) * scale).rounded()
            guard abs(x) < 1e7, abs(baseline) < 1e7 else { continue }
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

    /// The face of the font file at `path`, opened on first use.
    private func face(atPath path: String) -> FT_Face? {
        if let known = faces[path] { return known }
        var face: FT_Face?
        if FT_New_Face(library, path, 0, &face) != 0 { face = nil }
        faces[path] = face
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
}
