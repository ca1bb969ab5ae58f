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
        // Thumbnail quality (not a test): PSNR of the pipeline's thumbnails and of other tools' against the
        // full-decode area-average reference, and render times per margin/filter (run by ../thumbs.sh).
        .executableTarget(
            name: "thumbs-quality",
            dependencies: [.product(name: "ImageQuality", package: "PhotoGrid")],
            path: "Sources/ThumbsQuality"
        ),
        .executableTarget(
            name: "duplicates-benchmark",
            dependencies: [.product(name: "Duplicates", package: "PhotoGrid")],
            path: "Sources/DuplicatesBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
