// swift-tools-version:6.0
// The libFuzzer targets of cell-layout: a package of its own (so the main package stays free
// of fuzzing code and flags), depending on the main package by path. Run them with
// `scripts/fuzz TARGET SECONDS` (see Tests/Fuzz/README.md); they only link with
// `-sanitize=fuzzer` (libFuzzer's driver, which each target's main calls).
import Foundation
import PackageDescription

// A path dependency's identity is the last component of its path: derive it.
let mainPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "cell-layout-fuzz",
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "CFuzzer"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzer",
                .product(name: "CellLayout", package: mainPackage),
                .product(name: "CellLayoutRender", package: mainPackage),
            ]
        ),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-measure", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-font", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-render", dependencies: ["FuzzSupport"]),
        // The CLI's own sources (Sources/CLICore links to Sources/layout-cli; its main.swift
        // left out), so that `cli` drives the commands' I/O in-process, with coverage.
        .target(
            name: "CLICore",
            dependencies: [
                .product(name: "CellLayout", package: mainPackage),
                .product(name: "CellLayoutRender", package: mainPackage),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["main.swift"],
            swiftSettings: [.unsafeFlags(["-enable-testing"])]
        ),
        .executableTarget(name: "fuzz-cli", dependencies: ["FuzzSupport", "CLICore"]),
    ]
)
