// swift-tools-version:6.1
// PhotoGrid: the Photos-app grid on Linux (README.md; layout rules: docs/layout-spec.md). The target
// graph, which is also the set of allowed imports:
//   CJPEGShims → CJPEG; JPEG → CJPEGShims, EXIF, PhotoGridSupport; CPNGShims → CPNG; PNG → CPNGShims, EXIF, PhotoGridSupport;
//   WebP → CWebP, EXIF, PhotoGridSupport; HEIF → CHEIF, EXIF, PhotoGridSupport; Video → CFFmpeg, PhotoGridSupport;
//   ImageFormats → JPEG, PNG, WebP, HEIF, Video, EXIF, Imaging, PhotoGridSupport;
//   Thumbnails → JPEG, ImageFormats, Imaging, GridLayout, PhotoGridSupport; Drawing → GridLayout, Imaging, JPEG,
//   ImageFormats, Thumbnails;
//   PhotoLibrary (the core) → ImageFormats, PhotoGridSupport; Indexing → PhotoLibrary, ImageFormats, EXIF, PhotoGridSupport, CSQLiteShims;
//   SQLiteLibrary → PhotoLibrary, ImageFormats, PhotoGridSupport, CSQLiteShims (+ GRDB); PostgresLibrary → PhotoLibrary, ImageFormats (+ PostgresNIO and its connection pool);
//   PhotoGrid → GridLayout, Duplicates, CRuntimeHooks, CProcessShims, Imaging, PhotoLibrary, Indexing, SQLiteLibrary, PostgresLibrary, Thumbnails,
//   Drawing, ImageFormats, JPEG, PhotoGridSupport;
//   PhotoGridServer → PhotoGrid, PhotoLibrary, GridLayout, Indexing, PhotoGridSupport, CRuntimeHooks (+ Hummingbird);
//   Duplicates → Thumbnails, ImageFormats, Imaging, PhotoGridSupport;
//   photogrid → PhotoGrid, PhotoGridServer, PhotoLibrary, Indexing, PhotoGridSupport.
// scripts/check-layering.py (run by .ci/run) fails on an import of one of these modules that its target does
// not declare, and on an external module outside its policy (GRDB only in SQLiteLibrary, PostgresNIO only in
// PostgresLibrary). PhotoGridServer and photogrid import PhotoLibrary for its value types and errors; the store is
// `any LibraryStore` (PhotoLibrary/LibraryStore.swift), opened by PhotoGrid's `LibraryStoreOpener`.
// Platform (the C library, chosen once: Glibc, Musl or Darwin) is imported by every target that calls the C
// library, and is left out of the list above. GridLayout, Imaging, EXIF and PhotoGridSupport import nothing
// else of ours. Only JPEG sees libjpeg, only PNG
// libpng (through CPNGShims), only WebP libwebp, only HEIF libheif, only Video FFmpeg; only SQLiteLibrary sees SQLite
// (GRDB), only PostgresLibrary PostgreSQL (PostgresNIO).
import PackageDescription

// The pixel code (JPEG decode/encode, resampling, thumbnails) is compiled optimised in debug builds too,
// so `swift run photogrid …` and `swift test` never run it unoptimised (unoptimised, `export` took 106×
// the release binary's time; docs/install.md, "Build and install", has the figures, Benchmarks/first-run.sh
// measures it, and the CompiledOptimisedTests hold it). The rest of the package stays a normal debug
// build. SwiftPM accepts unsafeFlags in a root package and in a local (path) dependency, as Benchmarks/
// uses this one; not from a remote dependency.
let optimisedSwiftInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]
// Layering checked by the compiler: an import is internal unless written `public import`, so a module
// exposes a lower layer's types only on purpose (as Hummingbird's package does).
let layering: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility")]
let optimisedCInDebug: [CSetting] = [.unsafeFlags(["-O2"], .when(configuration: .debug))]

let package = Package(
    name: "PhotoGrid",
    products: [
        .library(name: "PhotoGrid", targets: ["PhotoGrid"]),
        .library(name: "GridLayout", targets: ["GridLayout"]),
        .library(name: "Duplicates", targets: ["Duplicates"]),
        // For Benchmarks/thumbs.sh's quality measure: the thumbnail pipeline and PSNR against its reference.
        .library(name: "ImageQuality", targets: ["ImageQuality", "Thumbnails", "JPEG", "Imaging"]),
        .executable(name: "photogrid", targets: ["photogrid"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The server (photogrid serve): Hummingbird without its swift-configuration and full-Foundation traits.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        // The PostgreSQL store (--db postgres://…): libraries shared by several servers and workers.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // libjpeg(-turbo) through pkg-config; the module map lives in Sources/CJPEG.
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]
        ),
        // C we write: libjpeg calls behind a setjmp/longjmp error manager.
        .target(name: "CJPEGShims", dependencies: ["CJPEG"], cSettings: optimisedCInDebug),
        // libpng and libwebp through pkg-config (module maps in Sources/CPNG, Sources/CWebP). C we write:
        // libpng calls behind its setjmp error handling (CPNGShims); WebP calls libwebp directly.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CPNGShims", dependencies: ["CPNG"], cSettings: optimisedCInDebug),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // libheif (HEIC, AVIF) through pkg-config: its errors are values Swift reads, no shim.
        // libheif's header for its types; the library itself is dlopened on first use (include/CHEIF.h).
        .target(name: "CHEIF", linkerSettings: [.linkedLibrary("dl")]),
        // FFmpeg 5.1's headers for its types; libavformat/avcodec/avutil/swscale are dlopened on first use
        // (include/CFFmpeg.h: linking them costs every process ~33 ms at start).
        .target(name: "CFFmpeg", linkerSettings: [.linkedLibrary("dl")]),
        // The Swift runtime's global-enqueue hook by address (a static executable has no dlsym), for the server.
        .target(name: "CRuntimeHooks"),
        // pidfd_open (through the variadic syscall: Swift cannot call it), for `thumbs` waiting on a claim's holder.
        .target(name: "CProcessShims"),
        // sqlite3_db_config (variadic: Swift cannot call it), for PhotoLibrary alone.
        .target(name: "CSQLiteShims", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "GridLayout", swiftSettings: layering),
        // The platform's C library (Glibc, Musl or Darwin), chosen in one place and re-exported.
        .target(name: "Platform", swiftSettings: layering),
        // What PhotoLibrary, Thumbnails and PhotoGrid share: the lock, worker threads, writeAll, file times.
        .target(name: "PhotoGridSupport", dependencies: ["Platform"], swiftSettings: layering),
        .target(name: "Imaging", dependencies: ["Platform"], swiftSettings: optimisedSwiftInDebug + layering),
        .target(name: "EXIF", swiftSettings: layering),
        .target(name: "JPEG", dependencies: ["CJPEGShims", "EXIF", "PhotoGridSupport", "Platform"], swiftSettings: optimisedSwiftInDebug + layering),
        .target(name: "PNG", dependencies: ["CPNGShims", "EXIF", "PhotoGridSupport", "Platform"], swiftSettings: optimisedSwiftInDebug + layering),
        .target(name: "WebP", dependencies: ["CWebP", "EXIF", "PhotoGridSupport", "Platform"], swiftSettings: optimisedSwiftInDebug + layering),
        .target(name: "HEIF", dependencies: ["CHEIF", "EXIF", "PhotoGridSupport"], swiftSettings: optimisedSwiftInDebug + layering),
        // Videos through FFmpeg's libraries: the probe (display size, duration, codec, date, Live Photo id)
        // and the poster frame.
        .target(name: "Video", dependencies: ["CFFmpeg", "PhotoGridSupport", "Platform"], swiftSettings: optimisedSwiftInDebug + layering),
        // PNG, WebP and HEIF behind one probe and one decoder, for the index and the thumbnails.
        .target(name: "ImageFormats", dependencies: ["JPEG", "PNG", "WebP", "HEIF", "Video", "EXIF", "Imaging", "PhotoGridSupport", "Platform"],
                swiftSettings: optimisedSwiftInDebug + layering),
        // The library's core: the store protocols, the records, the index run, the walk, migrations' text.
        .target(
            name: "PhotoLibrary",
            dependencies: ["ImageFormats", "PhotoGridSupport", "Platform"],
            swiftSettings: layering,
            plugins: ["EmbedMigrations"]
        ),
        // Indexing, a service over a store's index steps: the walk, the probes, the incremental Indexer.
        .target(name: "Indexing", dependencies: ["PhotoLibrary", "ImageFormats", "EXIF", "PhotoGridSupport", "Platform", "CSQLiteShims"],
                swiftSettings: layering),
        // The library in a SQLite file (GRDB): the only importer of GRDB.
        .target(
            name: "SQLiteLibrary",
            dependencies: ["PhotoLibrary", "ImageFormats", "PhotoGridSupport", "Platform", "CSQLiteShims", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio")],
            swiftSettings: layering
        ),
        // The library in a PostgreSQL database (PostgresNIO): the only importer of PostgresNIO and its TLS.
        .target(
            name: "PostgresLibrary",
            dependencies: ["PhotoLibrary", "ImageFormats", .product(name: "PostgresNIO", package: "postgres-nio"),
                           .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                           .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: layering
        ),
        .target(name: "Thumbnails", dependencies: ["JPEG", "ImageFormats", "Imaging", "PhotoGridSupport", "Platform"], swiftSettings: optimisedSwiftInDebug + layering),
        // Duplicate detection (issue 39): picture signatures, the multi-index hash search, the verification, exact copies.
        .target(name: "Duplicates", dependencies: ["Thumbnails", "ImageFormats", "Imaging", "PhotoGridSupport", "Platform"],
                swiftSettings: optimisedSwiftInDebug + layering),
        // Drawing for `render`: the canvas photos are composed on, and its JPEG.
        .target(name: "Drawing", dependencies: ["GridLayout", "Imaging", "JPEG", "ImageFormats", "Thumbnails"],
                swiftSettings: optimisedSwiftInDebug + layering),
        .target(name: "PhotoGrid", dependencies: ["GridLayout", "Duplicates", "CRuntimeHooks", "CProcessShims", "Imaging", "PhotoLibrary", "Indexing", "SQLiteLibrary", "PostgresLibrary", "Thumbnails", "Drawing", "ImageFormats", "JPEG", "PhotoGridSupport", "Platform"],
                swiftSettings: layering),
        // `photogrid serve`: translates HTTP to the PhotoGrid gallery model (and nothing else).
        .target(
            name: "PhotoGridServer",
            dependencies: [
                "PhotoGrid", "PhotoLibrary", "GridLayout", "Indexing", "Thumbnails", "ImageFormats", "PhotoGridSupport", "Platform", "CRuntimeHooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: layering,
            plugins: ["EmbedServerFiles"]
        ),
        .executableTarget(
            name: "photogrid",
            dependencies: ["PhotoGrid", "PhotoGridServer", "PhotoLibrary", "Indexing", "PhotoGridSupport", "Platform", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "Logging", package: "swift-log"), .product(name: "UnixSignals", package: "swift-service-lifecycle")],
            swiftSettings: layering
        ),

        // Build tooling: Migrations/*.sql are compiled into PhotoLibrary, so the binary never
        // looks for them on disk.
        .executableTarget(name: "FileEmbedder"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["FileEmbedder"]),
        // The same for the server's files: docs/openapi.json and the web gallery (Web/).
        .plugin(name: "EmbedServerFiles", capability: .buildTool(), dependencies: ["FileEmbedder"]),

        // What the test targets share (seeded randomness); no product depends on it.
        // Quality measures for tests and benchmarks (PSNR, the area-average reference thumbnail); no
        // product depends on it.
        .target(name: "ImageQuality", dependencies: ["Imaging", "JPEG", "Thumbnails", "Platform"], swiftSettings: optimisedSwiftInDebug + layering),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PhotoGridSupportTests", dependencies: ["PhotoGridSupport"]),
        .testTarget(name: "GridLayoutTests", dependencies: ["GridLayout", "TestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "ImageQuality"]),
        .testTarget(name: "EXIFTests", dependencies: ["EXIF", "TestSupport"]),
        .testTarget(name: "JPEGTests", dependencies: ["JPEG", "PhotoGridSupport", "TestSupport"]),
        .testTarget(name: "PNGTests", dependencies: ["PNG", "TestSupport"]),
        .testTarget(name: "WebPTests", dependencies: ["WebP", "TestSupport"]),
        .testTarget(name: "HEIFTests", dependencies: ["HEIF", "TestSupport"]),
        .testTarget(name: "VideoTests", dependencies: ["Video", "TestSupport"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "Indexing", "SQLiteLibrary", "PostgresLibrary", "ImageFormats", "JPEG", "PhotoGridSupport", "TestSupport",
                                                              .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ImageFormatsTests", dependencies: ["ImageFormats", "Imaging", "TestSupport"]),
        .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails", "ImageFormats", "Imaging", "ImageQuality", "JPEG", "TestSupport"]),
        .testTarget(name: "DuplicatesTests", dependencies: ["Duplicates", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "Thumbnails", "GridLayout", "Imaging", "JPEG", "TestSupport"]),
        .testTarget(name: "PhotoGridTests", dependencies: ["photogrid", "PhotoGrid", "PhotoLibrary", "Indexing", "SQLiteLibrary", "Thumbnails", "GridLayout", "Imaging", "JPEG",
                                                           "PhotoGridSupport", "Platform", "TestSupport"]),
        // End-to-end tests run the built binary; they decode its pictures and thumbnails with `JPEG`.
        .testTarget(name: "EndToEndTests", dependencies: ["JPEG", "TestSupport"]),
        // photogrid serve over real HTTP: the built binary on port 0, driven with a socket client.
        .testTarget(name: "ServerTests", dependencies: ["TestSupport"]),
        // The server's core in process: the route table, the router without a network, and the answers
        // from memory in NIO's EmbeddedChannel.
        .testTarget(name: "PhotoGridServerTests", dependencies: [
            "PhotoGridServer", "PhotoGrid", "PhotoLibrary", "GridLayout", "Thumbnails", "Platform", "PhotoGridSupport", "TestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
