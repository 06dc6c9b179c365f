import ArgumentParser

/// The `layout-cli` root command.
struct LayoutCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-cli",
        abstract: "Lay out table cells the way UIKit does: text sizes, cell frames, table offsets.",
        discussion: """
            Exit codes: 0 success, 1 bad input (one line on stderr names where and what), \
            2 usage error.

            The format (every command, every key of the JSON in and out, the errors): \
            Sources/CellLayout/CellLayout.docc/JSONFormat.md in the repository.
            """,
        subcommands: [MeasureCommand.self, LayoutCommand.self, QueryCommand.self, RenderCommand.self]
    )
}
