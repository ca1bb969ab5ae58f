// swift-tools-version:6.1
// Micro-benchmarks of the JPEG layer (probe, scaled decode) against a bare libjpeg loop and djpeg.
// Sources/CJPEG, CJPEGShims and JPEG are symlinks to the main package's targets. Run ./run.sh.
import PackageDescription

let package = Package(
    name: "JPEGLayerBenchmarks",
    targets: [
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg"),
        .target(name: "CJPEGShims", dependencies: ["CJPEG"]),
        .target(name: "EXIF"),
        .target(name: "JPEG", dependencies: ["CJPEGShims", "EXIF"]),
        .executableTarget(name: "jpeg-bench", dependencies: ["JPEG"]),
        // The floor: libjpeg's own API in a C loop (stdio source, 1/8 scale, RGB), no shims.
        .executableTarget(name: "libjpeg-floor", dependencies: ["CJPEG"]),
    ],
    swiftLanguageModes: [.v6]
)
