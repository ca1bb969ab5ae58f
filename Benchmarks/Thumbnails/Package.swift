// swift-tools-version:6.1
// Thumbnail quality and speed measurements (not tests): PSNR of the pipeline's thumbnails and of
// other tools' against the full-decode area-average reference, and render times per margin/filter.
// Sources/CJPEG, CJPEGShims, JPEG, Imaging, GridLayout and Thumbnails are symlinks to the main
// package's targets. Run from ../thumbs.sh, or:
//   swift run -c release --package-path Benchmarks/Thumbnails thumbs-quality --square 256 FILES…
import PackageDescription

let package = Package(
    name: "ThumbnailBenchmarks",
    targets: [
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg"),
        .target(name: "CJPEGShims", dependencies: ["CJPEG"]),
        .target(name: "EXIF"),
        .target(name: "JPEG", dependencies: ["CJPEGShims", "EXIF"]),
        .target(name: "Imaging"),
        .target(name: "GridLayout"),
        .target(name: "PhotoGridSupport"),
        .target(name: "Thumbnails", dependencies: ["JPEG", "Imaging", "GridLayout", "PhotoGridSupport"]),
        .target(name: "ImageQuality", dependencies: ["Imaging", "JPEG", "Thumbnails"]),
        .executableTarget(name: "thumbs-quality", dependencies: ["Thumbnails", "JPEG", "Imaging", "ImageQuality"]),
    ],
    swiftLanguageModes: [.v6]
)
