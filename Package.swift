// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "cell-layout",
    products: [
        .library(name: "CellLayout", targets: ["CellLayout"]),
        .library(name: "CellLayoutRender", targets: ["CellLayoutRender"]),
        .executable(name: "layout-cli", targets: ["layout-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // ICU exports version-suffixed symbols (ubrk_open_72) behind macros Swift cannot
        // see, so a few plain C functions wrap the break iterators and bidi.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc")]
        ),
        // Cache prefetch for re-fitting many texts at once (Swift exposes no prefetch).
        .target(name: "CPrefetch"),
        // The bundled fonts, shipped as a resource bundle next to the binaries.
        .target(
            name: "CellLayoutFonts",
            path: "fonts",
            exclude: ["README.md"],
            resources: [.copy("Inter"), .copy("DejaVu"), .copy("NotoColorEmoji")]
        ),
        // The library, one target per pipeline stage. Each depends only on the stages below
        // it, so an arrow running backwards does not compile (DocC: Architecture).
        // Units, line metrics, the pixel grid, bounded memos: what every stage shares.
        .target(name: "CellLayoutCore"),
        // Font files, faces, families, fallback: `Font` and `FontLibrary`.
        .target(
            name: "CellLayoutFontLibrary",
            dependencies: ["CellLayoutCore", "CHarfBuzz", "CFreeType", "CFontconfig", "CellLayoutFonts"]
        ),
        // Width-independent text work: itemization, fallback, the measuring routes, `PreparedText`.
        .target(
            name: "CellLayoutPrepare",
            dependencies: ["CellLayoutCore", "CellLayoutFontLibrary", "CHarfBuzz", "CICU"]
        ),
        // Lines at a width: filling, truncation, line boxes, glyph runs, `TextLayout`.
        .target(
            name: "CellLayoutFit",
            dependencies: ["CellLayoutCore", "CellLayoutFontLibrary", "CellLayoutPrepare", "CHarfBuzz", "CPrefetch"]
        ),
        // One cell: the UIKit metrics, standard styles, accessories, controls, autoresizing.
        .target(
            name: "CellLayoutCell",
            dependencies: ["CellLayoutCore", "CellLayoutFontLibrary", "CellLayoutPrepare", "CellLayoutFit", "CPNG"]
        ),
        // A table: sections, offsets, queries, updates.
        .target(
            name: "CellLayoutTable",
            dependencies: ["CellLayoutCore", "CellLayoutFontLibrary", "CellLayoutPrepare", "CellLayoutFit", "CellLayoutCell"]
        ),
        // JSON at the edge: the input format decoded to specs, layouts encoded.
        .target(
            name: "CellLayoutJSON",
            dependencies: ["CellLayoutCore", "CellLayoutFontLibrary", "CellLayoutPrepare", "CellLayoutFit",
                           "CellLayoutCell", "CellLayoutTable"]
        ),
        // The product's module: re-exports every stage, so users write `import CellLayout`.
        .target(
            name: "CellLayout",
            dependencies: ["CellLayoutCore", "CellLayoutFontLibrary", "CellLayoutPrepare", "CellLayoutFit",
                           "CellLayoutCell", "CellLayoutTable", "CellLayoutJSON"]
        ),
        // libpng reports errors by longjmp, which Swift frames must never see: a small C
        // file keeps the setjmp/longjmp inside C and returns an error code instead.
        .target(
            name: "CPNG",
            dependencies: ["CLibPNG"]
        ),
        .target(
            name: "CellLayoutRender",
            dependencies: ["CellLayout", "CFreeType", "CPNG"]
        ),
        .executableTarget(
            name: "layout-cli",
            dependencies: [
                "CellLayout",
                "CellLayoutRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "CellLayoutTests",
            dependencies: ["CellLayout", "layout-cli", "CellLayoutRender"],
            resources: [.copy("Fixtures")]
        ),
    ]
)

