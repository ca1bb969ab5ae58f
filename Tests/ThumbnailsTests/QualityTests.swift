import ImageQuality
import TestSupport
import Foundation
import Imaging
import JPEG
import Testing
@testable import Thumbnails

/// The pipeline's thumbnails against an independent reference (`IndependentReference`: full decode,
/// the test's own orientation table and crop, exact area average).
@Suite struct QualityTests {
    /// The sample photos: real photographs of 1200–2400 px, and the 16 orientation samples
    /// (600×400 or 400×600 as displayed, EXIF 1–8: the reference is oriented the same way).
    static let samples = [
        "aitzgorri.jpg", "dragonfly.jpg", "friends-portrait.jpg", "infinite-sea-square.jpg",
        "picosdeeuropa-panorama.jpg", "seeding-wide.jpg", "storm-canon.jpg", "sunset.jpg", "umang.jpg",
        "wine-portrait.jpg",
    ] + (1...8).flatMap { ["orientation/Landscape_\($0).jpg", "orientation/Portrait_\($0).jpg"] }

    /// Grid thumbnails (387 px squares, the default grid at 393 pt × 3) are within 38 dB PSNR of
    /// the reference, before JPEG encoding (the pipeline's own error: DCT scaling, the filter,
    /// 8-bit intermediates). Measured: 43.6 dB (the panorama) to 59.1 dB.
    @Test(arguments: samples)
    func gridThumbnailIsCloseToTheAreaAverage(_ name: String) throws {
        let path = Repository.sampleImages.appendingPathComponent(name).path
        let source = try TestPhotos.source(path)
        let rendered = try ThumbnailPipeline.render(source, target: .square(side: 387))
        let orientation = try JPEGHeader.probe(path: path).header.orientation
        let reference = try IndependentReference.square(path: path, orientation: orientation, side: 387)
        #expect(rendered.pixels.size == PixelSize(width: 387, height: 387))
        #expect(reference.size == PixelSize(width: 387, height: 387))
        let psnr = try rendered.pixels.psnr(comparedWith: reference)
        #expect(psnr >= 38, "\(name): \(psnr) dB")
    }

    /// The reference's orientation table: the 8 Landscape (and the 8 Portrait) samples are one
    /// picture stored 8 ways, so turned upright by the table they agree with the EXIF-1 sample
    /// (within JPEG noise: ≥ 30 dB; a wrong mapping gives a different picture, below 15 dB).
    @Test(arguments: ["Landscape", "Portrait"])
    func orientationTableTurnsEverySampleUpright(_ kind: String) throws {
        func upright(_ n: Int) throws -> PixelBuffer {
            let path = Repository.sampleImages.appendingPathComponent("orientation/\(kind)_\(n).jpg").path
            return try IndependentReference.upright(JPEGDecoder.decode(path: path), orientation: n)
        }
        let first = try upright(1)
        for n in 2...8 {
            let other = try upright(n)
            #expect(other.size == first.size, "\(kind)_\(n)")
            if other.size == first.size {
                let psnr = try other.psnr(comparedWith: first)
                #expect(psnr >= 30, "\(kind)_\(n): \(psnr) dB")
            }
        }
    }

    /// The claim the pipeline rests on: a region decode gives exactly the pixels of the same region
    /// of a whole decode at the same scale (bit for bit). Regions: the centre square at every scale
    /// (what a grid thumbnail decodes), and 6 seeded random regions per scale (the seed is printed).
    @Test(arguments: samples)
    func regionDecodeEqualsTheSameRegionOfAFullDecode(_ name: String) throws {
        let path = Repository.sampleImages.appendingPathComponent(name).path
        let seed = UInt64(ProcessInfo.processInfo.environment["PHOTOGRID_TEST_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        for scale in JPEGScale.allCases {
            let full = try JPEGDecoder.decode(path: path, options: JPEGDecodeOptions(scale: scale))
            #expect(full.warnings.isEmpty && full.regionX == 0 && full.regionY == 0)
            let w = full.width, h = full.height, side = min(w, h)
            var regions = [JPEGRegion(x: (w - side) / 2, y: (h - side) / 2, width: side, height: side)]
            for _ in 0..<6 {
                let x = Int(random.next() % UInt64(w)), y = Int(random.next() % UInt64(h))
                let width = 1 + Int(random.next() % UInt64(w - x)), height = 1 + Int(random.next() % UInt64(h - y))
                regions.append(JPEGRegion(x: x, y: y, width: width, height: height))
            }
            for region in regions {
                let part = try JPEGDecoder.decode(path: path, options: JPEGDecodeOptions(scale: scale, region: region))
                let context = "\(name) 1/\(scale.denominator) region \(region) (seed \(seed))"
                #expect(part.width == region.width && part.height == region.height
                        && part.regionX == region.x && part.regionY == region.y, "\(context)")
                guard part.width == region.width, part.height == region.height else { continue }
                var mismatches = 0
                for row in 0..<region.height {
                    let from = ((region.y + row) * w + region.x) * 3
                    if part.pixels[(row * region.width * 3)..<((row + 1) * region.width * 3)]
                        != full.pixels[from..<(from + region.width * 3)] { mismatches += 1 }
                }
                #expect(mismatches == 0, "\(context): \(mismatches) rows differ")
            }
        }
    }
}
