import Foundation
import CellLayoutCell

extension TableDecoder {
    /// An IMAGE: a SIZE in any of its forms (drawn as a gray placeholder);
    /// `{"file": "icon.png"}`, a PNG whose size in points (pixels over the scale its name
    /// gives: `@2x`, `@3x`) the image view takes unless `"width"` and `"height"` give
    /// another, to which it is then scaled; `{"systemName": "gear", "width", "height"}`, an
    /// SF Symbol's name, which is only a size here (SF Symbols are not available off
    /// Apple's platforms), drawn as a placeholder. A relative file is looked for in
    /// ``imageFolder``.
    func image(_ node: JSONNode) throws(InputError) -> (size: TableMetrics.Size, bitmap: ImageBitmap?) {
        guard case .object = node.value else { return (try node.sizeValue(), nil) }
        let m = try node.members(known: ["width", "height", "file", "systemName"])
        var size: TableMetrics.Size?
        switch (m["width"], m["height"]) {
        case (let width?, let height?):
            size = .init(width: try width.number(in: 0...1e6), height: try height.number(in: 0...1e6))
        case (nil, nil): break
        default: throw node.error("give \"width\" and \"height\" together")
        }
        switch (m["file"], m["systemName"]) {
        case (let file?, nil):
            let bitmap = try imageFiles.bitmap(file)
            return (size ?? bitmap.size, bitmap)
        case (nil, let name?):
            _ = try name.string()
            guard let size else {
                throw node.error("a \"systemName\" image needs \"width\" and \"height\": SF Symbols are not available "
                                 + "here, so it is a size-only placeholder")
            }
            return (size, nil)
        case (nil, nil):
            guard let size else { throw node.error("needs \"width\" and \"height\" (or a PNG \"file\")") }
            return (size, nil)
        case (_?, _?):
            throw node.error("give either \"file\" or \"systemName\", not both")
        }
    }
}

/// The PNG files one decoder has read, each decoded once however many rows show it, and
/// the pixels of all of them bounded (``maxPixels``), so that a document naming many large
/// files is refused rather than filling memory.
final class ImageFiles: @unchecked Sendable {
    /// The folder relative paths are looked for in.
    let folder: String
    /// The most pixels all of a document's images may have together: 2²⁶ (256 MiB decoded).
    static let maxPixels = 1 << 26
    private let lock = NSLock()
    private var bitmaps: [String: ImageBitmap] = [:]
    private var pixels = 0

    init(folder: String) {
        self.folder = folder
    }

    /// The bitmap of the file `node` names (a string), decoded on first use.
    func bitmap(_ node: JSONNode) throws(InputError) -> ImageBitmap {
        let name = try node.string()
        guard !name.isEmpty else { throw node.error("an empty file name") }
        let path = name.hasPrefix("/") || folder.isEmpty ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name
        lock.lock()
        defer { lock.unlock() }
        if let bitmap = bitmaps[path] { return bitmap }
        let bitmap: ImageBitmap
        do {
            bitmap = try ImageBitmap(pngFile: path)
        } catch {
            throw node.error(error.description)
        }
        pixels += bitmap.pixelWidth * bitmap.pixelHeight
        guard pixels <= Self.maxPixels else {
            throw node.error("\"\(path)\": the document's images together have more than \(Self.maxPixels) pixels")
        }
        bitmaps[path] = bitmap
        return bitmap
    }
}
