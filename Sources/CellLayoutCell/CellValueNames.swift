import CellLayoutCore

// The names the JSON format and the CLI take for the cell stage's values, UIKit's spellings
// among them (`NamedChoice`).

extension CellStyle: NamedChoice {
    /// `UITableViewCell.CellStyle.subtitle` and `UITableViewCellStyleSubtitle`.
    public static var namePrefixes: [String] { ["UITableViewCell.CellStyle", "UITableViewCellStyle"] }
}

extension Accessory: NamedChoice {
    /// The accessory types (not `.view`, which is `{"view": …}` in JSON); stored, so that
    /// `init?(named:)`, run on every row of a stream, builds no list.
    public static let namedValues: [Accessory] = [.none, .disclosureIndicator, .detailDisclosureButton, .checkmark, .detailButton]

    /// `UITableViewCell.AccessoryType.checkmark` and `UITableViewCellAccessoryCheckmark`.
    public static var namePrefixes: [String] { ["UITableViewCell.AccessoryType", "UITableViewCellAccessory"] }

    /// The type's name as UIKit spells its case; `view` for a custom view.
    public var name: String {
        switch self {
        case .none: "none"
        case .disclosureIndicator: "disclosureIndicator"
        case .detailDisclosureButton: "detailDisclosureButton"
        case .checkmark: "checkmark"
        case .detailButton: "detailButton"
        case .view: "view"
        }
    }
}

extension EditingSpec.Control: NamedChoice {
    /// `UITableViewCell.EditingStyle.delete` and `UITableViewCellEditingStyleDelete`.
    public static var namePrefixes: [String] { ["UITableViewCell.EditingStyle", "UITableViewCellEditingStyle"] }
}

extension SwipeAction.Style: NamedChoice {
    /// `UIContextualAction.Style.destructive`, `UIContextualActionStyleDestructive` and the
    /// same of iOS 8's `UITableViewRowAction`.
    public static var namePrefixes: [String] {
        ["UIContextualAction.Style", "UIContextualActionStyle", "UITableViewRowAction.Style", "UITableViewRowActionStyle"]
    }
}

extension AutoresizingMask: NamedChoice {
    /// The six flags, in UIKit's bit order; stored, so that `init?(named:)` builds no list.
    public static let namedValues: [AutoresizingMask] =
        [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]

    /// `UIView.AutoresizingMask.flexibleWidth` and `UIViewAutoresizingFlexibleWidth`.
    public static var namePrefixes: [String] { ["UIView.AutoresizingMask", "UIViewAutoresizing"] }

    /// The flag's name as UIKit spells its Swift member; a mask of several flags (or none)
    /// has no name and gives its bits in braces (`{2, 16}`).
    public var name: String {
        switch self {
        case .flexibleLeftMargin: "flexibleLeftMargin"
        case .flexibleWidth: "flexibleWidth"
        case .flexibleRightMargin: "flexibleRightMargin"
        case .flexibleTopMargin: "flexibleTopMargin"
        case .flexibleHeight: "flexibleHeight"
        case .flexibleBottomMargin: "flexibleBottomMargin"
        default: "{" + (0..<6).filter { rawValue & (1 << $0) != 0 }.map { String(1 << $0) }.joined(separator: ", ") + "}"
        }
    }
}

extension SemanticContentAttribute: NamedChoice {
    /// `UISemanticContentAttribute.forceRightToLeft` and `UISemanticContentAttributeForceRightToLeft`.
    public static var namePrefixes: [String] { ["UISemanticContentAttribute"] }
}

extension ViewSpec.Kind: NamedChoice {
    /// The UIKit class of the kind (`UISwitch`); `imageView` for `image`; UIButton's
    /// `detailDisclosure` type for `detailDisclosureButton`.
    public var aliases: [String] {
        switch self {
        case .label: ["UILabel"]
        case .switch: ["UISwitch"]
        case .slider: ["UISlider"]
        case .button: ["UIButton"]
        case .image: ["UIImageView", "imageView"]
        case .view: ["UIView"]
        case .detailDisclosureButton: ["detailDisclosure", "UIButton.ButtonType.detailDisclosure", "UIButtonTypeDetailDisclosure"]
        }
    }
}

extension ContentConfiguration.Kind: NamedChoice {
    /// `UIListContentConfiguration.subtitleCell()` (and `.subtitleCell()`: a trailing `()`
    /// is dropped from any name).
    public static var namePrefixes: [String] { ["UIListContentConfiguration"] }
}

extension HeaderConfiguration.Kind: NamedChoice {
    /// `UIListContentConfiguration.groupedHeader()`.
    public static var namePrefixes: [String] { ["UIListContentConfiguration"] }
}

extension TextStyle: NamedChoice {
    /// `UIFont.TextStyle.body`, the Objective-C constant `UIFontTextStyleBody` and its raw
    /// value `UICTFontTextStyleBody`.
    public static var namePrefixes: [String] { ["UIFont.TextStyle", "UIFontTextStyle", "UICTFontTextStyle"] }

    /// The raw values' names where they differ (`UICTFontTextStyleTitle0` is `largeTitle`,
    /// `UICTFontTextStyleSubhead` `subheadline`) and SwiftUI's (`title`, `caption`).
    public var aliases: [String] {
        switch self {
        case .largeTitle: ["title0"]
        case .title1: ["title"]
        case .subheadline: ["subhead"]
        case .caption1: ["caption"]
        default: []
        }
    }
}

extension ContentSizeCategory: NamedChoice {
    /// `UIContentSizeCategory.accessibilityLarge`, `UIContentSizeCategoryAccessibilityLarge`
    /// and its raw value `UICTContentSizeCategoryAccessibilityL`.
    public static var namePrefixes: [String] { ["UIContentSizeCategory", "UICTContentSizeCategory"] }

    /// The HIG's name (`xLarge`, `AX2`) and the raw value's short one (`XL`, `AccessibilityL`).
    public var aliases: [String] {
        let short = switch self {
        case .extraSmall: "XS"
        case .small: "S"
        case .medium: "M"
        case .large: "L"
        case .extraLarge: "XL"
        case .extraExtraLarge: "XXL"
        case .extraExtraExtraLarge: "XXXL"
        case .accessibilityMedium: "AccessibilityM"
        case .accessibilityLarge: "AccessibilityL"
        case .accessibilityExtraLarge: "AccessibilityXL"
        case .accessibilityExtraExtraLarge: "AccessibilityXXL"
        case .accessibilityExtraExtraExtraLarge: "AccessibilityXXXL"
        }
        return [higName, short]
    }
}

extension PlatformProfile: NamedChoice {}

extension CellAccessory.Kind: NamedChoice {
    /// `UICellAccessory.disclosureIndicator()` and `.disclosureIndicator()`: the factory method.
    public static var namePrefixes: [String] { ["UICellAccessory"] }
}

extension CellAccessory.Placement: NamedChoice {
    /// `UICellAccessory.Placement.trailing`.
    public static var namePrefixes: [String] { ["UICellAccessory.Placement"] }
}

extension CellAccessory.DisplayedState: NamedChoice {
    /// `UICellAccessory.DisplayedState.whenEditing` and `UICellAccessoryDisplayedStateWhenEditing`.
    public static var namePrefixes: [String] { ["UICellAccessory.DisplayedState", "UICellAccessoryDisplayedState"] }
}
