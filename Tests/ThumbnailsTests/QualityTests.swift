import Foundation
import Imaging
import JPEG
import Testing
@testable import Thumbnails

/// The pipeline's thumbnails against the slow reference (full decode, exact area average).
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
        let path = TestPhotos.sampleImages.appendingPathComponent(name).path
        let source = try TestPhotos.source(path)
        let rendered = try ThumbnailPipeline.render(source, target: .square(side: 387))
        let reference = try ThumbnailReference.render(source, target: .square(side: 387))
        #expect(rendered.pixels.size == PixelSize(width: 387, height: 387))
        let psnr = try rendered.pixels.psnr(comparedWith: reference)
        #expect(psnr >= 38, "\(name): \(psnr) dB")
    }
}
