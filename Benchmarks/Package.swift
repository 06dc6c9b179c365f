// swift-tools-version:6.0
// The benchmarks of cell-layout: a package of its own (so the main package stays free of
// benchmark code and its build folder), depending on the main package by path.
// Run them with `Benchmarks/run` (see Benchmarks/README.md).
import Foundation
import PackageDescription

// A path dependency's identity is the last component of its path ("main" in /work/main,
// "cell-layout" in a clone of that name): derive it instead of hard-coding it.
let mainPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "cell-layout-benchmarks",
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "cell-layout-bench",
            dependencies: [.product(name: "CellLayout", package: mainPackage)]
        ),
    ]
)
