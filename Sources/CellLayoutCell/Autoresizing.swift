import Foundation

/// Springs and struts: how `UIView.autoresizingMask` moves a view when its superview's
/// size changes.
///
/// On each axis the superview's size change is shared among the flexible parts — leading
/// margin, size, trailing margin — in proportion to their current lengths (equally when
/// they are all zero); rigid parts keep their length. A view with no flexible part on an
/// axis keeps its origin and size there (the trailing margin absorbs the change).
public enum Autoresizing {
    /// `frame`, in a superview that goes from size `old` to `new`, after autoresizing by `mask`.
    public static func resize(_ frame: CGRect, mask: AutoresizingMask, from old: CGSize, to new: CGSize) -> CGRect {
        let (x, width) = axis(
            origin: frame.minX, size: frame.width, from: old.width, to: new.width,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                       mask.contains(.flexibleRightMargin)))
        let (y, height) = axis(
            origin: frame.minY, size: frame.height, from: old.height, to: new.height,
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                       mask.contains(.flexibleBottomMargin)))
        return CGRect(x: x, y: y, width: width, height: height)
    }

    /// One axis: the new origin and size.
    package static func axis(
        origin: Double, size: Double, from old: Double, to new: Double,
        flexible: (leading: Bool, size: Bool, trailing: Bool)
    ) -> (origin: Double, size: Double) {
        let delta = new - old
        let lengths = [max(0, origin), max(0, size), max(0, old - origin - size)]
        let flags = [flexible.leading, flexible.size, flexible.trailing]
        let count = flags.filter { $0 }.count
        guard delta != 0, count > 0 else { return (origin, size) }
        let total = zip(lengths, flags).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
        func share(_ i: Int) -> Double {
            guard flags[i] else { return 0 }
            return total > 0 ? delta * lengths[i] / total : delta / Double(count)
        }
        return (origin + share(0), max(0, size + share(1)))
    }
}
