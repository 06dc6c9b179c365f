import Foundation

/// Where the bundled font files live: a folder holding `Inter/`, `DejaVu/` and
/// `NotoColorEmoji/`.
///
/// The fonts ship as this module's resource bundle, so they are found next to an
/// installed `layout-cli` as well as inside a build folder.
public let bundledFontsDirectory: URL? = Bundle.module.resourceURL
