// swift-tools-version:6.1
// PhotoGrid's benchmarks, apart from the tests. Run: swift run -c release --package-path Benchmarks layout-benchmark
import PackageDescription

let package = Package(
    name: "PhotoGridBenchmarks",
    dependencies: [.package(name: "PhotoGrid", path: "..")],
    targets: [
        .executableTarget(
            name: "layout-benchmark",
            dependencies: [.product(name: "PhotoGrid", package: "PhotoGrid"), .product(name: "GridLayout", package: "PhotoGrid")],
            path: "Sources/LayoutBenchmark"
        ),
        .executableTarget(
            name: "justified-benchmark",
            dependencies: [.product(name: "GridLayout", package: "PhotoGrid")],
            path: "Sources/JustifiedBenchmark"
        ),
        .executableTarget(
            name: "duplicates-benchmark",
            dependencies: [.product(name: "Duplicates", package: "PhotoGrid")],
            path: "Sources/DuplicatesBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
