import CellLayoutCore

// The names the JSON format and the CLI take for the table stage's values, UIKit's
// spellings among them (`NamedChoice`).

extension TableSpec.Style: NamedChoice {
    /// `UITableView.Style.insetGrouped` and `UITableViewStyleInsetGrouped`.
    public static var namePrefixes: [String] { ["UITableView.Style", "UITableViewStyle"] }
}

extension ScrollPosition: NamedChoice {
    /// `UITableView.ScrollPosition.middle` and `UITableViewScrollPositionMiddle`.
    public static var namePrefixes: [String] { ["UITableView.ScrollPosition", "UITableViewScrollPosition"] }
}

extension CheckmarkMode: NamedChoice {}
