// swift-tools-version:6.1
// PhotoGrid: the Photos-app grid on Linux. Target graph and the allowed imports: ../shared/DESIGN.md §1.
//   CJPEGShims → CJPEG; JPEG → CJPEGShims; Thumbnails → JPEG, Imaging, GridLayout; PhotoLibrary → JPEG;
//   PhotoGrid → GridLayout, PhotoLibrary, Thumbnails; photogrid → PhotoGrid.
// GridLayout and Imaging import nothing of ours. Only JPEG sees libjpeg; only PhotoLibrary sees SQLite.
import PackageDescription

let package = Package(
    name: "PhotoGrid",
    products: [
        .library(name: "PhotoGrid", targets: ["PhotoGrid"]),
        .library(name: "GridLayout", targets: ["GridLayout"]),
        .executable(name: "photogrid", targets: ["photogrid"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // libjpeg(-turbo) through pkg-config; the module map lives in Sources/CJPEG.
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]
        ),
        // The only C we write: libjpeg calls behind a setjmp/longjmp error manager.
        .target(name: "CJPEGShims", dependencies: ["CJPEG"]),
        .target(name: "GridLayout"),
        .target(name: "Imaging"),
        .target(name: "JPEG", dependencies: ["CJPEGShims"]),
        .target(
            name: "PhotoLibrary",
            dependencies: ["JPEG", .product(name: "GRDB", package: "GRDB.swift")],
            plugins: ["EmbedMigrations"]
        ),
        .target(name: "Thumbnails", dependencies: ["JPEG", "Imaging", "GridLayout"]),
        .target(name: "PhotoGrid", dependencies: ["GridLayout", "PhotoLibrary", "Thumbnails"]),
        .executableTarget(
            name: "photogrid",
            dependencies: ["PhotoGrid", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Build tooling: Migrations/*.sql are compiled into PhotoLibrary, so the binary never
        // looks for them on disk.
        .executableTarget(name: "MigrationEmbedder"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["MigrationEmbedder"]),

        .testTarget(name: "GridLayoutTests", dependencies: ["GridLayout"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"]),
        .testTarget(name: "JPEGTests", dependencies: ["JPEG"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary"]),
        .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails"]),
        .testTarget(name: "PhotoGridTests", dependencies: ["PhotoGrid"]),
        // End-to-end tests run the built binary; they decode its pictures and thumbnails with `JPEG`.
        .testTarget(name: "EndToEndTests", dependencies: ["JPEG"]),
    ],
    swiftLanguageModes: [.v6]
)
