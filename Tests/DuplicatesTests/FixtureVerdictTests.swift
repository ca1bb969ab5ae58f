import Duplicates
import Foundation
import Testing
import TestSupport

/// The verdicts on Fixtures/ (made from SampleImages/aitzgorri.jpg by vips, ImageMagick, heif-enc, cwebp,
/// exiftool and ffmpeg: Fixtures/make-fixtures.sh): every copy is the same picture, every near-miss another.
@Suite struct FixtureVerdictTests {
    static let folder = Repository.root.appendingPathComponent("Tests/DuplicatesTests/Fixtures").path
    static let copies = ["same-vips-256.jpg", "same-q60-rot6.jpg", "same.heic", "same.avif", "same.webp", "same-png-256.png"]
    static let others = ["other-dark.jpg", "other-moved.jpg", "other-frame1.jpg", "other-frame2.jpg"]

    static func signature(_ name: String) throws -> PictureSignature {
        try SignatureMaker.signature(ofFileAt: folder + "/" + name)
    }

    static func original() throws -> PictureSignature {
        try SignatureMaker.signature(ofFileAt: Repository.samplePath("aitzgorri.jpg"))
    }

    /// A resize to 256 px, quality 60 with the pixels turned under Orientation 6, HEIC, AVIF, WebP and PNG:
    /// candidates (within the search radius) and proven.
    @Test(arguments: copies)
    func copiesAreTheSamePicture(name: String) throws {
        let original = try Self.original(), copy = try Self.signature(name)
        #expect(original.hash.distance(to: copy.hash) <= NearDuplicateSearch().radius)
        #expect(PictureVerifier().verdict(original, copy) == .same)
        #expect(copy.displayedWidth > copy.displayedHeight)
    }

    /// A darker variant fails on brightness; a moved region and frames with a moving disc on content.
    @Test(arguments: zip(others, [PictureDifference.brightness, .content, .content, .content]))
    func nearMissesAreOtherPictures(name: String, difference: PictureDifference) throws {
        #expect(PictureVerifier().verdict(try Self.original(), try Self.signature(name)) == .different(difference))
    }

    /// Two video frames 1 s apart are two pictures, though their hashes are close.
    @Test func framesOneSecondApartDiffer() throws {
        let first = try Self.signature("other-frame1.jpg"), second = try Self.signature("other-frame2.jpg")
        #expect(PictureVerifier().verdict(first, second) == .different(.content))
    }

    /// The search over all of them groups the original with its copies and nothing else.
    @Test func searchGroupsTheCopiesOnly() throws {
        let signatures = try [Self.original()] + (Self.copies + Self.others).map(Self.signature)
        #expect(NearDuplicateSearch().groups(of: signatures).groups == [Array(0...Self.copies.count)])
    }

    /// Capture times a second apart refuse a copy; a time-zone rewrite (an hour) does not; equal times
    /// never make a near-miss the same picture.
    @Test func captureTimesRefuseButNeverMake() throws {
        let original = try Self.original(), copy = try Self.signature("same-vips-256.jpg")
        let dark = try Self.signature("other-dark.jpg")
        #expect(PictureVerifier().verdict(original, copy, capturedA: 100, capturedB: 101) == .different(.captureTime))
        #expect(PictureVerifier().verdict(original, copy, capturedA: 100, capturedB: 3700) == .same)
        #expect(PictureVerifier().verdict(original, dark, capturedA: 100, capturedB: 100) == .different(.brightness))
    }
}
