// swift-tools-version:6.0
import PackageDescription

// Snapshot strategies for pointfreeco's swift-snapshot-testing: a package of its own, so
// that the main package (and everyone who only lays out tables) never builds it.
let package = Package(
    name: "cell-layout-snapshot-testing",
    products: [
        .library(name: "CellLayoutSnapshotTesting", targets: ["CellLayoutSnapshotTesting"]),
    ],
    dependencies: [
        .package(name: "cell-layout", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(
            name: "CellLayoutSnapshotTesting",
            dependencies: [
                .product(name: "CellLayout", package: "cell-layout"),
                .product(name: "CellLayoutRender", package: "cell-layout"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .testTarget(
            name: "CellLayoutSnapshotTestingTests",
            dependencies: ["CellLayoutSnapshotTesting"],
            exclude: ["__Snapshots__"]
        ),
    ]
)
