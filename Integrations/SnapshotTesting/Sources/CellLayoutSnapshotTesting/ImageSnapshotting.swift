import CellLayout
import CellLayoutRender
import Foundation
import SnapshotTesting

extension Snapshotting where Value == TableLayout, Format == Data {
    /// A picture of the table as `layout-cli render` draws it (a PNG, at the scale the table
    /// was laid out at), compared pixel by pixel.
    ///
    /// ```swift
    /// assertSnapshot(of: table, as: .image)
    /// ```
    public static var image: Snapshotting { image() }

    /// A picture of the table, compared pixel by pixel.
    /// - Parameters:
    ///   - scale: pixels per point (1, 2 or 3); nil draws at the table's own
    ///     `metrics.scale`, which keeps separators one pixel thick.
    ///   - frames: whether to outline every frame the layout computed (`--frames`).
    ///   - precision: the fraction of pixels that must match (1: all of them).
    ///   - perceptualPrecision: how close a pixel must be to match: 1 means exactly, 0.98
    ///     lets each channel differ by 2 % (5 of 255) — for references drawn with another
    ///     FreeType version.
    public static func image(
        scale: Int? = nil, frames: Bool = false, precision: Double = 1, perceptualPrecision: Double = 1
    ) -> Snapshotting {
        Snapshotting(
            pathExtension: "png",
            diffing: .tableImage(precision: precision, perceptualPrecision: perceptualPrecision)
        ) { table in
            do {
                let scale = scale ?? Int(table.spec.metrics.scale.rounded())
                return Data(try TableRenderer().render(table, scale: scale, frames: frames).pngData())
            } catch {
                // The snapshot cannot throw: the failure travels as text the diff reports.
                return Data((ImageDiff.renderFailure + "\(error)").utf8)
            }
        }
    }
}

extension Diffing where Value == Data {
    /// Compares two PNGs pixel by pixel, as decoded by libpng.
    /// - Parameters:
    ///   - precision: the fraction of pixels that must match.
    ///   - perceptualPrecision: 1 − the largest channel difference (as a fraction of 255)
    ///     that still counts as a match.
    public static func tableImage(precision: Double = 1, perceptualPrecision: Double = 1) -> Diffing {
        .diff(toData: { $0 }, fromData: { $0 }) { reference, current in
            ImageDiff(precision: precision, perceptualPrecision: perceptualPrecision).compare(reference, current)
        }
    }
}

/// The pixel comparison behind ``Diffing/tableImage(precision:perceptualPrecision:)``.
struct ImageDiff {
    /// What a snapshot that could not be drawn holds instead of a PNG.
    static let renderFailure = "cell-layout could not draw the table: "

    let precision: Double
    let perceptualPrecision: Double

    /// nil when the pictures match; otherwise a message and the picture of the differences.
    func compare(_ reference: Data, _ current: Data) -> (String, [DiffAttachment])? {
        guard reference != current else { return nil }
        if current.starts(with: Data(Self.renderFailure.utf8)) { return (String(decoding: current, as: UTF8.self), []) }
        let old: Canvas, new: Canvas
        do {
            old = try Canvas(png: Array(reference))
            new = try Canvas(png: Array(current))
        } catch {
            return ("The reference is not a picture: \(error)", [])
        }
        guard old.pixelWidth == new.pixelWidth, old.pixelHeight == new.pixelHeight else {
            return ("The picture is \(new.pixelWidth) × \(new.pixelHeight) pixels, the reference \(old.pixelWidth) × "
                + "\(old.pixelHeight)", [])
        }
        let threshold = Int(((1 - perceptualPrecision) * 255).rounded(.down))
        var differing = 0, largest = 0
        // The differences drawn: differing pixels red over the new picture (decoded at scale
        // 1, so a point is a pixel).
        var marked = new
        for i in stride(from: 0, to: new.pixels.count, by: 4) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(old.pixels[i + c]) - Int(new.pixels[i + c]))) }
            largest = max(largest, worst)
            guard worst > threshold else { continue }
            differing += 1
            let pixel = i / 4
            marked.fill(CGRect(x: pixel % new.pixelWidth, y: pixel / new.pixelWidth, width: 1, height: 1),
                        color: RGBA(r: 255, g: 0, b: 0))
        }
        let total = new.pixels.count / 4
        guard Double(total - differing) < precision * Double(total) - 1e-9 else { return nil }
        let message = "\(differing) of \(total) pixels differ from the reference by more than \(threshold) of 255 "
            + "in a channel (largest difference \(largest)); precision \(precision) allows "
            + "\(Int((Double(total) * (1 - precision)).rounded(.down)))"
        let attachments: [DiffAttachment] = (try? marked.pngData()).map { [.data(Data($0), name: "difference.png")] } ?? []
        return (message, attachments)
    }
}
