import CellLayout

/// The settings screen, built in Swift code as a `UITableViewDataSource` would configure
/// its cells: grouped sections, icons, switches, value1 details, a custom cell whose label
/// and switch are placed against the initial 320 × 44 bounds and autoresized, and a row with
/// swipe actions.
enum SettingsTable {
    static let icon = TableMetrics.Size(width: 29, height: 29)

    /// A switch as an accessory view, as `cell.accessoryView = UISwitch()`.
    static func toggle() -> Accessory {
        .view(ViewSpec(id: "toggle", kind: .switch))
    }

    /// The table at `width`, laid out at `scale`.
    static func spec(width: Double, scale: Double) -> TableSpec {
        var metrics = TableMetrics()
        metrics.scale = scale
        return TableSpec(width: width, style: .grouped, metrics: metrics, sections: [
            SectionSpec(
                header: "Connectivity",
                footer: "Airplane Mode turns off every radio.",
                rows: [
                    CellSpec(id: "airplane", text: "Airplane Mode", image: icon, accessory: toggle()),
                    CellSpec(id: "wifi", style: .value1, text: "Wi-Fi", detailText: "Home", image: icon,
                             accessory: .disclosureIndicator),
                    CellSpec(id: "bluetooth", style: .value1, text: "Bluetooth", detailText: "On", image: icon,
                             accessory: .disclosureIndicator),
                ]),
            SectionSpec(
                header: "Notifications",
                rows: [
                    CellSpec(id: "sounds", text: "Sounds", accessory: toggle()),
                    // A custom cell: a label and a switch added to the content view, with
                    // frames written against 320 × 44 and autoresizing masks, as in
                    // `init(style:reuseIdentifier:)`.
                    CellSpec(id: "dnd", subviews: [
                        ViewSpec(id: "title", kind: .label, text: "Do Not Disturb",
                                 frame: FrameRule(left: 16, right: 76, centerY: 0), autoresizing: [.flexibleWidth]),
                        ViewSpec(id: "switch", kind: .switch, frame: FrameRule(right: 16, centerY: 0),
                                 autoresizing: [.flexibleLeftMargin, .flexibleTopMargin, .flexibleBottomMargin]),
                    ]),
                    CellSpec(id: "preview", style: .subtitle, text: "Show Previews",
                             detailText: "Message text is shown on the lock screen when the phone is unlocked by face.",
                             accessory: .disclosureIndicator),
                ]),
            SectionSpec(
                header: "Mail",
                rows: [
                    CellSpec(id: "inbox", style: .value1, text: "Inbox", detailText: "12", accessory: .disclosureIndicator,
                             swipeActions: [SwipeAction(title: "Delete", style: .destructive),
                                            SwipeAction(title: "Archive")]),
                ]),
        ])
    }
}
