// swift-tools-version:6.0
import PackageDescription

// A client of the library as a user's renderer would be: its own package, depending on
// cell-layout by path, using only public API.
let package = Package(
    name: "snapshot-renderer",
    dependencies: [
        .package(name: "cell-layout", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "SnapshotRenderer",
            dependencies: [
                .product(name: "CellLayout", package: "cell-layout"),
                .product(name: "CellLayoutRender", package: "cell-layout"),
            ]
        ),
    ]
)
