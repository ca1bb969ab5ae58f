import Foundation
import HEIF
import Testing
import TestSupport

/// HEIC and AVIF through libheif, against libheif's own tools run by the test on the same files:
/// `heif-info` for the primary image's size (after the container's crop, rotation and mirror),
/// `heif-convert` for its pixels, exiftool for the Exif item's tags.
@Suite struct HEIFTests {
    /// The samples (Tests/FormatSamples/heif, SampleImages/SOURCES.md): plain HEVC and AV1, HEVC with
    /// `irot`, with `imir`, with `clap` + `irot` + `imir`, with alpha, with an Exif item (orientation 6).
    static let samples = ["heif/small.heic", "heif/small.avif", "heif/photo-600.heic", "heif/irot1.heic",
                          "heif/imir0.heic", "heif/clap-irot3-imir0.heic", "heif/alpha.heic", "heif/exif-orientation6.heic",
                          "heif/thumbnail-item.heic"] + phoneSamples
    /// Real files from phones and encoders, not made by a box editor (SampleImages/SOURCES.md): an iPhone 7
    /// HEIC (a grid of 8×6 HEVC tiles of 512, 4032×3024), an iPhone 15 Pro HEIC (a grid with `irot`,
    /// shown 3024×4032), a 10-bit AVIF (3681×5594) and an 8-bit AVIF (1204×800).
    static let phoneSamples = ["heif/phone/iphone7-grid.heic", "heif/phone/iphone15pro-grid-irot.heic",
                               "heif/phone/hdr-10bit.avif", "heif/phone/fox-8bit.avif"]
    static let hasTools = ExternalTool("heif-info") != nil && ExternalTool("heif-convert") != nil
        && ExternalTool("convert-im6.q16") != nil

    /// `heif-info`'s "image: WxH (id=N), primary" line.
    static func infoSize(_ path: String) throws -> (Int, Int)? {
        let text = try #require(ExternalTool("heif-info")).text([path])
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("image: ") && $0.hasSuffix("primary") }),
              let size = line.dropFirst(7).split(separator: " ").first else { return nil }
        let sides = size.split(separator: "x").compactMap { Int($0) }
        return sides.count == 2 ? (sides[0], sides[1]) : nil
    }

    @Test(.enabled(if: hasTools, "heif-info, heif-convert or convert-im6.q16 is missing (apt-get install libheif-examples imagemagick)"),
          arguments: samples)
    func sizeIsHeifInfosAndPixelsAreHeifConverts(sample: String) throws {
        let path = FormatSamples.path(sample)
        let header = try HEIFFileProbe.probe(path: path)
        let info = try #require(try Self.infoSize(path))
        #expect((header.width, header.height) == info, "\(sample)")

        let scratch = try FormatSamples.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let png = scratch.appendingPathComponent("reference.png").path
        _ = try #require(ExternalTool("heif-convert")).run([path, png])
        // PAM keeps the alpha, which NetpbmImage composites on white as the decoder promises to.
        let magick = try #require(ExternalTool("convert-im6.q16"))
        let reference = try #require(NetpbmImage([UInt8](try magick.run([png, "-depth", "8", "pam:-"]))))
        let decoded = try HEIFDecoder.decode(path: path)
        #expect((decoded.width, decoded.height) == (reference.width, reference.height), "\(sample)")
        #expect((decoded.width, decoded.height) == info, "\(sample)")
        let psnr = NetpbmImage.psnr(decoded.pixels, reference.rgb)
        #expect(psnr >= 45, "\(sample): \(psnr) dB against heif-convert")
    }

    /// The transforms change the size as the container says: 240×180 coded; irot 1 → 180×240; clap
    /// 200×120 then irot 3 → 120×200; imir keeps 240×180 but swaps left and right.
    @Test func transformsAreApplied() throws {
        let plain = try HEIFFileProbe.probe(path: FormatSamples.path("heif/small.heic"))
        #expect((plain.width, plain.height, plain.codedWidth, plain.codedHeight) == (240, 180, 240, 180))
        let turned = try HEIFFileProbe.probe(path: FormatSamples.path("heif/irot1.heic"))
        #expect((turned.width, turned.height, turned.codedWidth, turned.codedHeight) == (180, 240, 240, 180))
        let cropped = try HEIFFileProbe.probe(path: FormatSamples.path("heif/clap-irot3-imir0.heic"))
        #expect((cropped.width, cropped.height) == (120, 200))
        let original = try HEIFDecoder.decode(path: FormatSamples.path("heif/small.heic"))
        let mirrored = try HEIFDecoder.decode(path: FormatSamples.path("heif/imir0.heic"))
        #expect((mirrored.width, mirrored.height) == (240, 180))
        // The same coded pixels, mirrored: imir axis 0 is the vertical axis in the HEIF spec (left and right
        // swap, as libheif ≥ 1.16 reads it); libheif 1.15 (Debian 12) swaps top and bottom. Either way
        // the decode is the original flipped, pixel for pixel — the flip the linked libheif makes.
        func pixel(_ image: DecodedHEIF, _ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * 240 + x) * 3)..<((y * 240 + x) * 3 + 3)]) }
        let points = [(0, 0), (17, 90), (239, 5), (120, 179)]
        let leftRight = points.allSatisfy { pixel(mirrored, $0.0, $0.1) == pixel(original, 239 - $0.0, $0.1) }
        let topBottom = points.allSatisfy { pixel(mirrored, $0.0, $0.1) == pixel(original, $0.0, 179 - $0.1) }
        #expect(leftRight != topBottom)
    }

    @Test func exifDateAndOrientationAreExiftools() throws {
        let path = FormatSamples.path("heif/exif-orientation6.heic")
        let header = try HEIFFileProbe.probe(path: path)
        if let facts = try ExifToolFacts(path: path) {
            #expect(header.exifOrientation == facts.int("Orientation"))
            #expect(header.takenAt == facts.dateTimeOriginal)
        }
        #expect(header.exifOrientation == 6 && header.takenAt == "2022-03-04T05:06:07")
        // libheif does not turn by EXIF: the size is the coded one.
        #expect((header.width, header.height) == (120, 180))
        #expect(try HEIFFileProbe.probe(path: FormatSamples.path("heif/small.heic")).takenAt == nil)
    }

    @Test func alphaIsCompositedOnWhite() throws {
        let decoded = try HEIFDecoder.decode(path: FormatSamples.path("heif/alpha.heic"))
        #expect(try HEIFFileProbe.probe(path: FormatSamples.path("heif/alpha.heic")).hasAlpha)
        // lossless-alpha.webp's alpha ramp starts transparent at the top-left: white here.
        let (r, g, b) = (decoded.pixels[0], decoded.pixels[1], decoded.pixels[2])
        #expect(r >= 250 && g >= 250 && b >= 250, "\(r) \(g) \(b)")
    }

    @Test func brokenFilesAreTypedErrors() throws {
        let scratch = try FormatSamples.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("heif/small.heic"))))
        let empty = try FormatSamples.write([], as: "empty.heic", in: scratch)
        #expect(throws: HEIFError.empty) { try HEIFFileProbe.probe(path: empty) }
        #expect(throws: HEIFError.empty) { try HEIFDecoder.decode(path: empty) }
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("sunset.jpg"))))
        for (name, bytes) in [("jpeg.heic", jpeg), ("cut-40.heic", Array(good.prefix(40))), ("cut-400.heic", Array(good.prefix(400))),
                              ("cut-half.heic", Array(good.prefix(good.count / 2))),
                              ("noise.heic", Array(good.prefix(32)) + (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) })] {
            let path = try FormatSamples.write(bytes, as: name, in: scratch)
            do {
                _ = try HEIFDecoder.decode(path: path)
                Issue.record("\(name) decoded")
            } catch {
                guard case .libheif = error else { Issue.record("\(name): \(error)"); continue }
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test func overThePixelLimitIsRefusedBeforeDecoding() throws {
        #expect(throws: HEIFError.overPixelLimit(width: 600, height: 450, limit: 100_000)) {
            try HEIFDecoder.decode(path: FormatSamples.path("heif/photo-600.heic"), pixelLimit: 100_000)
        }
    }

    /// `heif-info`'s "  thumbnail: WxH" lines under the primary image.
    static func infoThumbnails(_ path: String) throws -> [(Int, Int)] {
        let text = try #require(ExternalTool("heif-info")).text([path])
        return text.split(separator: "\n").compactMap { line -> (Int, Int)? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("thumbnail: ") else { return nil }
            let sides = trimmed.dropFirst(11).split(separator: "x").compactMap { Int($0) }
            return sides.count == 2 ? (sides[0], sides[1]) : nil
        }
    }

    /// thumbnail-item.heic (heif-enc -t 320) carries a 320×240 thumbnail item, as heif-info lists it. It is
    /// decoded instead of the 600×450 primary only when asked for at most its size, and shows the same
    /// picture: against heif-convert's decode of the primary resized by ImageMagick.
    @Test(.enabled(if: hasTools, "heif-info, heif-convert or convert-im6.q16 is missing (apt-get install libheif-examples imagemagick)"))
    func ownThumbnailItemIsTakenWhenLargeEnough() throws {
        let path = FormatSamples.path("heif/thumbnail-item.heic")
        let listed = try Self.infoThumbnails(path)
        #expect(listed.count == 1)
        let (width, height) = try #require(listed.first)
        let header = try HEIFFileProbe.probe(path: path)
        #expect(header.thumbnailSizes.map { [$0.width, $0.height] } == [[width, height]])
        #expect(try HEIFFileProbe.probe(path: FormatSamples.path("heif/photo-600.heic")).thumbnailSizes.isEmpty)

        let small = try HEIFDecoder.decode(path: path, atLeast: (width, height))
        #expect(small.isThumbnailItem && (small.width, small.height) == (width, height))
        let primary = try #require(try Self.infoSize(path))
        for larger in [(width + 1, height), (width, height + 1)] {
            let full = try HEIFDecoder.decode(path: path, atLeast: larger)
            #expect(!full.isThumbnailItem && (full.width, full.height) == primary)
        }
        #expect(try !HEIFDecoder.decode(path: path).isThumbnailItem)

        let scratch = try FormatSamples.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let png = scratch.appendingPathComponent("primary.png").path
        _ = try #require(ExternalTool("heif-convert")).run([path, png])
        let magick = try #require(ExternalTool("convert-im6.q16"))
        let reference = try #require(NetpbmImage([UInt8](try magick.run([png, "-filter", "Lanczos", "-resize", "\(width)x\(height)!", "ppm:-"]))))
        // heif-enc scales its thumbnail without a filter and encodes it at the primary's quality 50: 24.3 dB
        // against a Lanczos resize of the primary (another picture would score below 12).
        let psnr = NetpbmImage.psnr(small.pixels, reference.rgb)
        #expect(psnr >= 22, "the thumbnail item against the resized primary: \(psnr) dB")
    }

    /// Found by fuzz-heif (Fuzz/run.sh heif): a 120×180 image made an overlay (`iovl`) whose own canvas
    /// is 26679×37464, which libheif 1.15 allocated (3 GB) before refusing anything. The probe reads
    /// the declared size; the decode is refused by the canvas limit the declared size sets.
    @Test func overlayCanvasLargerThanDeclaredIsRefused() throws {
        let path = FormatSamples.path("heif/fuzz-overlay-canvas.heic")
        let header = try HEIFFileProbe.probe(path: path)
        #expect((header.width, header.height) == (120, 180))
        do {
            _ = try HEIFDecoder.decode(path: path)
            Issue.record("decoded")
        } catch {
            guard case let .libheif(call, _, _, message) = error else { Issue.record("\(error)"); return }
            #expect(call == "heif_decode_image" && message.contains("26679x37464"), "\(message)")
        }
    }
}

