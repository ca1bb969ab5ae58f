// swift-tools-version:6.1
// libFuzzer targets for the JPEG layer (the header probe + EXIF parser, and the scaled/region decode)
// and for the PNG, WebP, HEIF and Video modules (probe + decode each; for Video the poster frame).
// Sources/CJPEG, CJPEGShims, JPEG, EXIF, CPNG, CPNGShims, PNG, CWebP, WebP, CHEIF, HEIF, CFFmpeg, Video and
// PhotoGridSupport are symlinks to the main package's targets (as in Benchmarks/JPEGLayer), so the fuzzers
// exercise exactly the shipped code; CFFmpeg and Video are declared as in the main Package.swift (libav*
// dlopened on first use, Video with its upcoming features). Build and run with ./run.sh; the executables
// have no main of their own: libFuzzer's main calls LLVMFuzzerTestOneInput.
import PackageDescription

let package = Package(
    name: "PhotoGridFuzz",
    targets: [
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg"),
        .target(name: "CJPEGShims", dependencies: ["CJPEG"]),
        .target(name: "EXIF"),
        .target(name: "JPEG", dependencies: ["CJPEGShims", "EXIF"]),
        .target(name: "FuzzSupport", dependencies: ["JPEG"]),
        .executableTarget(name: "fuzz-probe", dependencies: ["JPEG", "FuzzSupport"]),
        .executableTarget(name: "fuzz-decode", dependencies: ["JPEG", "FuzzSupport"]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng"),
        .target(name: "CPNGShims", dependencies: ["CPNG"]),
        .target(name: "PhotoGridSupport"),
        .target(name: "PNG", dependencies: ["CPNGShims", "EXIF", "PhotoGridSupport"]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp"),
        .target(name: "WebP", dependencies: ["CWebP", "EXIF", "PhotoGridSupport"]),
        .executableTarget(name: "fuzz-png", dependencies: ["PNG", "FuzzSupport"]),
        .executableTarget(name: "fuzz-webp", dependencies: ["WebP", "FuzzSupport"]),
        .target(name: "CHEIF", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "HEIF", dependencies: ["CHEIF", "EXIF", "PhotoGridSupport"]),
        .executableTarget(name: "fuzz-heif", dependencies: ["HEIF", "FuzzSupport"]),
        .target(name: "CFFmpeg", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "Video", dependencies: ["CFFmpeg", "PhotoGridSupport"],
                swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility")]),
        .executableTarget(name: "fuzz-video", dependencies: ["Video", "FuzzSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
