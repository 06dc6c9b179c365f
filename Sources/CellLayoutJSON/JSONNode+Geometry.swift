import Foundation
import CellLayoutCore
import CellLayoutCell

/// Frames, points and sizes, in every spelling a UIKit developer writes them: JSON arrays and
/// objects, UIKit's nested `{"origin", "size"}`, and the strings `NSStringFromCGRect`,
/// `NSStringFromCGPoint` and `NSStringFromCGSize` print (`"{{10, 6}, {51, 31}}"`). An error
/// names every accepted form.
extension JSONNode {
    /// The forms a FRAME takes, as errors list them.
    static let frameForms = #"a frame is a CGRect — [x, y, width, height], {"x", "y", "width", "height"}, "#
        + #"{"origin": {"x", "y"}, "size": {"width", "height"}} or "{{x, y}, {width, height}}" — or a rule of "#
        + ruleKeys.joined(separator: ", ")
    /// The forms a point takes.
    static let pointForms = #"a point is [x, y], {"x", "y"} or "{x, y}""#
    /// The forms a size takes.
    static let sizeForms = #"a size is {"width", "height"}, [width, height] or "{width, height}""#

    /// A frame rule's keys.
    private static let ruleKeys = [
        "left", "right", "top", "bottom", "centerX", "centerY", "width", "widthFraction", "height", "heightFraction",
    ]

    /// A FRAME: a CGRect in any of its spellings (``frameForms``), or a rule of insets, centre
    /// offsets and sizes.
    /// - Returns: the rule, and whether it was written as a CGRect.
    func frameRule() throws(InputError) -> (FrameRule, isRect: Bool) {
        switch value {
        case .array:
            let numbers = try elements()
            guard numbers.count == 4 else {
                throw error("a frame as an array is [x, y, width, height]: expected 4 numbers, got \(numbers.count)")
            }
            return (try rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), true)
        case .string(let text):
            guard let n = Self.braced(text, groups: 2), n[1][0] >= 0, n[1][1] >= 0 else {
                throw error("expected a CGRect as NSStringFromCGRect writes it, \"{{x, y}, {width, height}}\" "
                            + "(a size not negative), got \"\(text)\"")
            }
            return (FrameRule(CGRect(x: n[0][0], y: n[0][1], width: n[1][0], height: n[1][1])), true)
        case .object(let members):
            if members.contains(where: { $0.key == "origin" || $0.key == "size" }) {
                let m = try self.members(known: ["origin", "size"])
                guard let origin = m["origin"], let size = m["size"] else {
                    throw error(#"a frame as UIKit nests it needs "origin" and "size""#)
                }
                let point = try origin.pointValue(), extent = try size.sizeValue()
                return (FrameRule(CGRect(x: point.x, y: point.y, width: extent.width, height: extent.height)), true)
            }
            if members.contains(where: { $0.key == "x" || $0.key == "y" }) {
                let m = try self.members(known: ["x", "y", "width", "height"])
                guard let x = m["x"], let y = m["y"], let width = m["width"], let height = m["height"] else {
                    throw error("a frame as a CGRect needs \"x\", \"y\", \"width\" and \"height\"")
                }
                return (try rect(x: x, y: y, width: width, height: height), true)
            }
            for (key, _) in members where !Self.ruleKeys.contains(key) {
                let keys = Self.ruleKeys + ["origin", "size", "x", "y"]
                let near = Suggestions.nearest(to: key, among: keys.map { ($0, $0) }, synonyms: Self.keySynonyms)
                var error = InputError(path: "\(path).\(key)",
                                       "unknown key (\(Suggestions.phrase(near).map { "\($0) " } ?? "")\(Self.frameForms))")
                error.knownKeys = Self.ruleKeys
                throw error
            }
            return (try rule(), false)
        default:
            throw error("expected a frame, got \(value.typeName) (\(Self.frameForms))")
        }
    }

    /// A CGPoint: `[x, y]`, `{"x", "y"}` or `"{x, y}"`.
    func pointValue() throws(InputError) -> CGPoint {
        switch value {
        case .array:
            let numbers = try elements()
            guard numbers.count == 2 else { throw error("a point is [x, y]: expected 2 numbers, got \(numbers.count)") }
            return CGPoint(x: try numbers[0].number(), y: try numbers[1].number())
        case .string(let text):
            guard let n = Self.braced(text, groups: 1) else {
                throw error("expected a CGPoint as NSStringFromCGPoint writes it, \"{x, y}\", got \"\(text)\"")
            }
            return CGPoint(x: n[0][0], y: n[0][1])
        case .object:
            let m = try members(known: ["x", "y"])
            guard let x = m["x"], let y = m["y"] else { throw error("a point needs \"x\" and \"y\"") }
            return CGPoint(x: try x.number(), y: try y.number())
        default:
            throw error("expected a point, got \(value.typeName) (\(Self.pointForms))")
        }
    }

    /// A size: `{"width", "height"}`, `[width, height]` or `"{width, height}"`, each 0…10⁶.
    func sizeValue() throws(InputError) -> TableMetrics.Size {
        switch value {
        case .array:
            let numbers = try elements()
            guard numbers.count == 2 else {
                throw error("a size as an array is [width, height]: expected 2 numbers, got \(numbers.count)")
            }
            return .init(width: try numbers[0].number(in: 0...1e6), height: try numbers[1].number(in: 0...1e6))
        case .string(let text):
            guard let n = Self.braced(text, groups: 1), (0...1e6).contains(n[0][0]), (0...1e6).contains(n[0][1]) else {
                throw error("expected a CGSize as NSStringFromCGSize writes it, \"{width, height}\" (each 0 to 1000000), "
                            + "got \"\(text)\"")
            }
            return .init(width: n[0][0], height: n[0][1])
        case .object:
            let m = try members(known: ["width", "height"])
            guard let width = m["width"], let height = m["height"] else { throw error("needs \"width\" and \"height\"") }
            return .init(width: try width.number(in: 0...1e6), height: try height.number(in: 0...1e6))
        default:
            throw error("expected a size, got \(value.typeName) (\(Self.sizeForms))")
        }
    }

    /// The rule form of a FRAME.
    private func rule() throws(InputError) -> FrameRule {
        let m = try members(known: Self.ruleKeys)
        var rule = FrameRule()
        rule.left = try m["left"]?.number()
        rule.right = try m["right"]?.number()
        rule.top = try m["top"]?.number()
        rule.bottom = try m["bottom"]?.number()
        rule.centerX = try m["centerX"]?.number()
        rule.centerY = try m["centerY"]?.number()
        rule.width = try m["width"]?.number(in: 0...1e6)
        rule.widthFraction = try m["widthFraction"]?.number(in: 0...100)
        rule.height = try m["height"]?.number(in: 0...1e6)
        rule.heightFraction = try m["heightFraction"]?.number(in: 0...100)
        try checkAxis([("left", rule.left), ("right", rule.right), ("centerX", rule.centerX)],
                      sizes: [("width", rule.width), ("widthFraction", rule.widthFraction)])
        try checkAxis([("top", rule.top), ("bottom", rule.bottom), ("centerY", rule.centerY)],
                      sizes: [("height", rule.height), ("heightFraction", rule.heightFraction)])
        return rule
    }

    /// A CGRect's four numbers as a rule (`FrameRule.init(_:)`): an origin anywhere, a size
    /// not negative.
    private func rect(x: JSONNode, y: JSONNode, width: JSONNode, height: JSONNode) throws(InputError) -> FrameRule {
        FrameRule(CGRect(x: try x.number(), y: try y.number(),
                         width: try width.number(in: 0...1e6), height: try height.number(in: 0...1e6)))
    }

    /// An axis takes at most two of its leading inset, trailing inset and size, and a centre
    /// offset only with a size (or alone).
    private func checkAxis(_ positions: [(String, Double?)], sizes: [(String, Double?)]) throws(InputError) {
        let givenSizes = sizes.filter { $0.1 != nil }.map(\.0)
        if givenSizes.count > 1 { throw error("give one of \(givenSizes.joined(separator: " and "))") }
        let given = positions.filter { $0.1 != nil }.map(\.0)
        let center = positions[2].0
        if given.contains(center), given.count > 1 {
            throw error("\(center) cannot be combined with \(given.filter { $0 != center }.joined(separator: " or "))")
        }
        if given.count + givenSizes.count > 2 {
            throw error("\((given + givenSizes).joined(separator: ", ")) over-constrain the frame: give at most two")
        }
    }

    /// The numbers of a string as Foundation's `NSStringFromCG…` functions print them:
    /// `groups` braced pairs, `{a, b}` (one) or `{{a, b}, {c, d}}` (two), white space
    /// anywhere between; nil for anything else. Each number is a finite decimal within ±10⁶.
    static func braced(_ text: String, groups: Int) -> [[Double]]? {
        let compact = String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        var body = Substring(compact)
        if groups == 2 {
            guard body.hasPrefix("{"), body.hasSuffix("}") else { return nil }
            body = body.dropFirst().dropLast()
        }
        let pairs = body.split(separator: "},{", omittingEmptySubsequences: false)
        guard pairs.count == groups else { return nil }
        var result: [[Double]] = []
        for (i, pair) in pairs.enumerated() {
            var inner = pair
            if i == 0 { guard inner.hasPrefix("{") else { return nil }; inner = inner.dropFirst() }
            if i == pairs.count - 1 { guard inner.hasSuffix("}") else { return nil }; inner = inner.dropLast() }
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            var numbers: [Double] = []
            for part in parts {
                guard !part.isEmpty, part.allSatisfy({ "0123456789+-.eE".contains($0) }),
                      let number = Double(part), number.isFinite, abs(number) <= 1e6 else { return nil }
                numbers.append(number)
            }
            result.append(numbers)
        }
        return result
    }
}
