import Duplicates
import Testing
import TestSupport

/// A signature's bytes read back as the same signature; other bytes are refused with the reason.
@Suite struct SignatureBytesTests {
    @Test func roundTrip() throws {
        let signature = try SignatureMaker.signature(ofFileAt: Repository.samplePath("dragonfly.jpg"))
        let bytes = signature.bytes
        #expect(bytes.count == PictureSignature.byteCount)
        #expect(try PictureSignature(bytes: bytes) == signature)
        #expect(signature.displayedWidth == 1600 && signature.displayedHeight == 1200)
    }

    @Test func refusesOtherBytes() throws {
        let bytes = try SignatureMaker.signature(ofFileAt: Repository.samplePath("sunset.jpg")).bytes
        #expect(throws: SignatureBytesError.wrongLength(bytes.count - 1, expected: bytes.count)) {
            try PictureSignature(bytes: bytes.dropLast())
        }
        var version = bytes
        version[0] = 9
        #expect(throws: SignatureBytesError.unknownVersion(9)) { try PictureSignature(bytes: version) }
        var zeroWidth = bytes
        for i in 1...4 { zeroWidth[i] = 0 }
        #expect(throws: SignatureBytesError.invalidValues) { try PictureSignature(bytes: zeroWidth) }
    }

    @Test func unreadableFilesSayWhy() {
        #expect(throws: SignatureError.self) { try SignatureMaker.signature(ofFileAt: "/nonexistent/photo.jpg") }
        #expect(throws: SignatureError.unknownFormat(path: Repository.root.appendingPathComponent("Package.swift").path)) {
            try SignatureMaker.signature(ofFileAt: Repository.root.appendingPathComponent("Package.swift").path)
        }
    }
}
