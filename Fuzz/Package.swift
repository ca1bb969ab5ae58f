// swift-tools-version:6.1
// libFuzzer targets for the JPEG layer: the header probe + EXIF parser, and the scaled/region decode.
// Sources/CJPEG, CJPEGShims and JPEG are symlinks to the main package's targets (as in
// Benchmarks/JPEGLayer), so the fuzzers exercise exactly the shipped code. Build and run with ./run.sh;
// the executables have no main of their own: libFuzzer's main calls LLVMFuzzerTestOneInput.
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
    ],
    swiftLanguageModes: [.v6]
)
