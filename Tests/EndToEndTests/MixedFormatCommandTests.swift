import Foundation
import TestSupport
import Testing

/// A folder mixing JPEG, HEIC, AVIF, PNG and WebP files (good, oriented by EXIF or by the HEIF container,
/// with alpha, misnamed, nameless, broken) through the built binary: `index` reads each as what its first
/// bytes say, with sizes and orientations equal to exiftool's (heif-info's for HEIF, whose container
/// turns and crops); `export` makes one grid whose thumbnails are the upright centre squares that
/// ImageMagick cuts from the same files (from heif-convert's decode for HEIF).
@Suite("mixed formats (binary)")
struct MixedFormatCommandTests {
    /// Readable files of the folder: its name → the sample it is a copy of.
    static let readable: [String: String] = [
        "a.jpg": "aitzgorri.jpg", "b.jpeg": "dragonfly.jpg",
        "rgb8.png": "png/rgb8.png", "turned6.png": "png/exif-orientation6.png", "exif-late.png": "png/exif-after-idat.png",
        "palette.PNG": "png/palette-trns.png", "deep16.png": "png/rgba16-interlaced.png", "bits1.png": "png/gray-1bit.png",
        "gray-alpha.png": "png/gray-alpha.png", "lossy.webp": "webp/lossy.webp", "turned8.webp": "webp/exif-orientation8.webp",
        "lossless-alpha.webp": "webp/lossless-alpha.webp", "lossy-alpha.WEBP": "webp/lossy-alpha.webp",
        "photo.webp": "webp/photo-600.webp",
        "IMG_0001.HEIC": "heif/photo-600.heic", "turned.heic": "heif/irot1.heic", "cropped.heif": "heif/clap-irot3-imir0.heic",
        "exif6.heic": "heif/exif-orientation6.heic", "alpha.heic": "heif/alpha.heic", "small.avif": "heif/small.avif",
        // Real phone and encoder files: HEVC grids (one with `irot`), a 10-bit AVIF.
        "IMG_2682.HEIC": "heif/phone/iphone7-grid.heic", "IMG_1015.HEIC": "heif/phone/iphone15pro-grid-irot.heic",
        "hdr.avif": "heif/phone/hdr-10bit.avif", "fox.avif": "heif/phone/fox-8bit.avif",
        // Read by content: a PNG without an extension, a JPEG named .png.
        "screenshot": "png/rgb8.png", "misnamed.png": "sunset.jpg",
    ]
    /// What the first bytes of each readable file are.
    static func format(of name: String) -> String {
        let source = name == "animated.webp" ? "animated.webp" : readable[name] ?? ""
        for format in ["png", "webp", "heic", "avif"] where source.hasSuffix("." + format) { return format }
        return "jpeg"
    }

    /// The independent facts of a readable file: stored size, orientation to apply, date. exiftool's,
    /// but for HEIF heif-info's size (after the container's crop and turn, which exiftool does not
    /// apply) and no orientation (libheif applies the container's; EXIF's is not applied again).
    static func oracle(_ path: String, format: String) throws -> (width: Int, height: Int, orientation: Int, takenAt: String?)? {
        guard let facts = try ExifToolFacts(path: path) else { return nil }
        if format == "heic" || format == "avif" {
            guard let info = ExternalTool("heif-info") else { return nil }
            let line = try info.text([path]).split(separator: "\n").first { $0.hasPrefix("image: ") && $0.hasSuffix("primary") }
            let sides = line?.dropFirst(7).split(separator: " ").first?.split(separator: "x").compactMap { Int($0) } ?? []
            guard sides.count == 2 else { return nil }
            return (sides[0], sides[1], 1, facts.dateTimeOriginal)
        }
        return (facts.int("ImageWidth") ?? 0, facts.int("ImageHeight") ?? 0, facts.int("Orientation") ?? 1, facts.dateTimeOriginal)
    }

    /// The folder: the readable files, an animated WebP, and broken ones.
    static func makeFolder(_ folder: URL) throws -> [String: [UInt8]] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written: [String: [UInt8]] = [:]
        func put(_ bytes: [UInt8], _ name: String) throws {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            written[name] = bytes
        }
        for (name, source) in readable { try put([UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path(source)))), name) }
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("png/rgb8.png"))))
        try put([UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("webp/animated.webp")))), "animated.webp")
        try put([], "empty.webp")
        try put(Array(png.prefix(30)), "cut.png")  // inside IHDR
        let heic = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("heif/small.heic"))))
        try put(Array(heic.prefix(200)), "cut.heic")
        // Cut inside the pixel data: the header is whole (indexed, as a cut JPEG is), the pixels are not.
        try put(Array(png.prefix(2000)), "tail-cut.png")
        try put(Array("These are not the pixels you are looking for.\n".utf8), "notes.webp")
        // IHDR (bytes 16…23 of a PNG) declaring 60000×60000, its CRC (bytes 29…32) made right again.
        var huge = png
        huge.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        let crc = CRC32.of(huge[12..<29])
        huge.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        try put(huge, "huge.png")
        // The HEIC's `ispe` property (its width and height follow the box type and 4 bytes of version
        // and flags) declaring 60000×60000.
        var hugeHEIC = heic
        let ispe = try #require(hugeHEIC.indices.first { hugeHEIC[$0..<min($0 + 4, hugeHEIC.count)].elementsEqual("ispe".utf8) })
        hugeHEIC.replaceSubrange((ispe + 8)..<(ispe + 16), with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        try put(hugeHEIC, "huge.heic")
        return written
    }

    @Test("index reads every format by its bytes, with exiftool's sizes and orientations; broken files are error rows")
    func indexAndList() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("phone")
        _ = try Self.makeFolder(folder)
        let database = directory.appendingPathComponent("library.sqlite").path

        let index = try PhotoGridBinary.run(["index", folder.path, "--db", database, "--json"])
        #expect(index.status == 0, "\(index.stderr)")
        let summary = try index.json()
        #expect(summary["scanned"] as? Int == Self.readable.count + 8)
        #expect(summary["errors"] as? Int == 6)

        let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        let photos = try #require(try list.json()["photos"] as? [[String: Any]])
        var byPath: [String: [String: Any]] = [:]
        for photo in photos { byPath[photo["path"] as? String ?? ""] = photo }
        for name in Self.readable.keys.sorted() + ["animated.webp", "tail-cut.png"] {
            let photo = try #require(byPath[name], "\(name)")
            #expect(photo["status"] as? String == "ok", "\(name): \(photo["error"] ?? "")")
            #expect(photo["format"] as? String == (name == "animated.webp" ? "webp" : name == "tail-cut.png" ? "png" : Self.format(of: name)), "\(name)")
            guard name != "tail-cut.png",
                  let facts = try Self.oracle(folder.appendingPathComponent(name).path, format: photo["format"] as? String ?? "") else { continue }
            #expect(photo["storedWidth"] as? Int == facts.width, "\(name)")
            #expect(photo["storedHeight"] as? Int == facts.height, "\(name)")
            #expect(photo["orientation"] as? Int == facts.orientation, "\(name)")
            let turned = facts.orientation >= 5
            #expect(photo["pixelWidth"] as? Int == (turned ? facts.height : facts.width), "\(name)")
            #expect(photo["takenAt"] as? String == facts.takenAt, "\(name)")
        }
        #expect(byPath["turned6.png"]?["orientation"] as? Int == 6 && byPath["turned8.webp"]?["orientation"] as? Int == 8)
        let errors: [String: String] = [
            "empty.webp": "WebP: empty file", "notes.webp": "WebP: not a WebP", "cut.png": "PNG: ",
            "huge.png": "60000×60000 exceeds the pixel limit", "cut.heic": "HEIF: ",
            "huge.heic": "60000×60000 exceeds the pixel limit",
        ]
        for (name, reason) in errors {
            let photo = try #require(byPath[name], "\(name)")
            #expect(photo["status"] as? String == "error", "\(name)")
            #expect((photo["error"] as? String)?.hasPrefix(reason) == true, "\(name): \(photo["error"] ?? "")")
        }

        let stats = try PhotoGridBinary.run(["stats", "--db", database, "--json"])
        #expect(try stats.json()["formats"] as? [String: Int] == ["jpeg": 3, "png": 9, "webp": 6, "heic": 7, "avif": 3])
        // A rescan opens nothing.
        let again = try PhotoGridBinary.run(["index", folder.path, "--db", database, "--json"])
        #expect(try again.json()["unchanged"] as? Int == Self.readable.count + 8)
    }

    @Test("export makes one grid: every thumbnail is the upright centre square ImageMagick cuts from the file")
    func exportThumbnailsAreUprightCentreSquares() throws {
        guard let magick = ExternalTool("convert-im6.q16"), ExternalTool("exiftool") != nil,
              let heifConvert = ExternalTool("heif-convert") else { return }
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("phone")
        _ = try Self.makeFolder(folder)
        let out = directory.appendingPathComponent("gallery")
        let export = try PhotoGridBinary.run(["export", folder.path, "--out", out.path])
        #expect(export.status == 0, "\(export.stderr)")

        let layout = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("layout.json"))) as? [String: Any])
        let cells = try #require(layout["cells"] as? [[String: Any]])
        #expect(cells.count == Self.readable.count + 2)  // and the animated WebP, the cut PNG
        for cell in cells {
            let name = try #require(cell["path"] as? String)
            if name == "tail-cut.png" {
                #expect(cell["thumbnail"] == nil)  // its pixels cannot be decoded: no thumbnail, no crash
                continue
            }
            var file = folder.appendingPathComponent(name).path
            let format = Self.format(of: name)
            let facts = try #require(try Self.oracle(file, format: format))
            let orientation = facts.orientation
            let display = orientation >= 5 ? (facts.height, facts.width) : (facts.width, facts.height)
            if format == "heic" || format == "avif" {  // ImageMagick 6 reads no HEIF: libheif's own decode
                let png = directory.appendingPathComponent(name + ".png").path
                _ = try heifConvert.run([file, png])
                file = png
            }
            #expect(cell["pixelWidth"] as? Double == Double(display.0) && cell["pixelHeight"] as? Double == Double(display.1), "\(name)")
            let thumbnail = try #require(cell["thumbnail"] as? String, "\(name)")
            let made = try #require(NetpbmImage([UInt8](try magick.run([out.appendingPathComponent(thumbnail).path, "ppm:-"]))))
            // Grid thumbnails: 387 px squares, or the photo's short side when it is smaller (no upscaling).
            let side = min(display.0, display.1), length = min(387, side)
            #expect(made.width == length && made.height == length, "\(name): \(made.width)×\(made.height)")
            // ImageMagick's: alpha on white, turned upright by the EXIF orientation exiftool reads, the
            // centre square, resized.
            let turn = ["1": [], "2": ["-flop"], "3": ["-rotate", "180"], "4": ["-flip"], "5": ["-transpose"],
                        "6": ["-rotate", "90"], "7": ["-transverse"], "8": ["-rotate", "270"]]["\(orientation)"] ?? []
            let reference = try #require(NetpbmImage([UInt8](try magick.run(
                [file + "[0]", "-background", "white", "-alpha", "remove", "-alpha", "off", "-depth", "8"] + turn
                + ["+repage", "-gravity", "center", "-crop", "\(side)x\(side)+0+0", "+repage",
                   "-filter", "Lanczos", "-resize", "\(length)x\(length)!", "ppm:-"]))))
            #expect(reference.width == length && reference.height == length, "\(name)")
            // The thumbnail is a quality-85 JPEG: of the detailed 120 px sample squares the exact crop
            // scores 28 dB, the same crop one pixel off 19 dB, a wrong turn less.
            // The animated WebP's first frame (its second is the negative, < 10 dB) is a 60 px crop of a
            // busy 80×60 canvas, only JPEG-compressed: 25.9 dB.
            let psnr = NetpbmImage.psnr(made.rgb, reference.rgb)
            #expect(psnr >= (name == "animated.webp" ? 25 : 26), "\(name): \(psnr) dB")
        }
    }
}

/// CRC-32 (ISO-HDLC, as PNG chunks use), bit by bit.
enum CRC32 {
    static func of(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
