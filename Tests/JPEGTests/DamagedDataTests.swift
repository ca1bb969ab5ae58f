import Testing
import TestSupport
@testable import JPEG

/// Damaged data that libjpeg decodes with warnings is returned with what was wrong, not refused:
/// the pixels are libjpeg's, as a browser shows the file.
@Suite("Damaged data")
struct DamagedDataTests {
    /// dragonfly.jpg: baseline 1600×1200, 2×1 luma sampling (MCUs 16 × 8), ends with FF D9.
    static func complete() throws -> [UInt8] {
        let bytes = try Repository.sample("dragonfly.jpg")
        #expect(bytes.suffix(2) == [0xFF, 0xD9])
        return bytes
    }

    static func rows(_ image: DecodedJPEG, _ rows: Range<Int>) -> ArraySlice<UInt8> {
        image.pixels[rows.lowerBound * image.width * 3 ..< rows.upperBound * image.width * 3]
    }

    /// Half the file: the rows whose data is there are the complete file's, the rest grey (libjpeg
    /// decodes missing blocks as zero coefficients: Y = Cb = Cr = 128, RGB 128). The data ends
    /// about halfway down, so the top quarter is whole and the bottom quarter grey; from a file and
    /// from memory alike, at every scale.
    @Test(arguments: JPEGScale.allCases)
    func truncatedFileDecodesWhatIsThereAndGrey(scale: JPEGScale) throws {
        let complete = try Self.complete()
        let cut = Array(complete[..<(complete.count / 2)])
        let whole = try JPEGDecoder.decode(bytes: complete, options: .init(scale: scale))
        #expect(whole.damage == nil && whole.warnings.isEmpty)
        let directory = try TemporaryFolder()
        let path = try directory.write(cut, to: "cut.jpg")
        let fromFile = try JPEGDecoder.decode(path: path, options: .init(scale: scale))
        let fromMemory = try JPEGDecoder.decode(bytes: cut, options: .init(scale: scale))
        #expect(fromFile == fromMemory)
        #expect(fromFile.damage == .truncated)
        #expect(fromFile.warnings == ["libjpeg: Premature end of JPEG file (and 1 more warnings)"])
        let height = whole.height
        #expect(Self.rows(fromFile, 0..<height / 4) == Self.rows(whole, 0..<height / 4))
        let bottom = Self.rows(fromFile, height * 3 / 4..<height)
        #expect(bottom.allSatisfy { $0 == 128 }, "bottom quarter from \(bottom.min()!) to \(bottom.max()!)")
    }

    /// The same file with a region at the bottom: its rows are grey and the damage is reported.
    @Test func regionOfATruncatedFile() throws {
        let complete = try Self.complete()
        let cut = Array(complete[..<(complete.count / 2)])
        let region = try JPEGDecoder.decode(bytes: cut, options: .init(scale: .quarter,
                                                                     region: JPEGRegion(x: 100, y: 250, width: 50, height: 50)))
        #expect(region.damage == .truncated)
        #expect(region.pixels.allSatisfy { $0 == 128 })
    }

    /// No EOI: the data of every row is there, so the pixels are the complete file's, with the
    /// missing marker reported. Trailing bytes after the EOI are never read: no warning at all.
    @Test func missingEndMarkerAndTrailingGarbage() throws {
        let complete = try Self.complete()
        let whole = try JPEGDecoder.decode(bytes: complete)
        let noEOI = try JPEGDecoder.decode(bytes: Array(complete.dropLast(2)))
        #expect(noEOI.damage == .missingEndMarker)
        #expect(noEOI.warnings == ["libjpeg: Premature end of JPEG file"])
        #expect(noEOI.pixels == whole.pixels)
        let trailing = try JPEGDecoder.decode(bytes: complete + Array("GARBAGE".utf8) + [0xFF, 0xD8, 0xFF, 0x00])
        #expect(trailing.damage == nil && trailing.warnings.isEmpty)
        #expect(trailing.pixels == whole.pixels)
    }

    /// A few corrupt bytes in the last rows' data — an EOI marker where data should be: libjpeg warns,
    /// decodes the rest of the scan as zeros (grey) and stops at the marker. 2,000 bytes before the
    /// end is inside the last MCU row (rows 1192–1199; djpeg's output first differs from the complete
    /// file's at row 1192): the rows above are the complete file's, the end of the last row grey.
    @Test func corruptBytesNearTheEnd() throws {
        let complete = try Self.complete()
        var corrupt = complete
        let at = complete.count - 2000
        corrupt.replaceSubrange(at..<at + 4, with: [0xFF, 0xD9, 0xFF, 0xD9])
        let whole = try JPEGDecoder.decode(bytes: complete)
        let decoded = try JPEGDecoder.decode(bytes: corrupt)
        #expect(decoded.damage == .corruptData(message: "Corrupt JPEG data: premature end of data segment", count: 1))
        #expect(Self.rows(decoded, 0..<1192) == Self.rows(whole, 0..<1192))
        #expect(Self.rows(decoded, 1199..<1200).suffix(300).allSatisfy { $0 == 128 })
        #expect(decoded.pixels != whole.pixels)
    }

    @Test func damageDescriptions() {
        #expect(JPEGDamage.truncated.description
                == "truncated JPEG: the data ends before the image is complete (the rest is grey)")
        #expect(JPEGDamage.missingEndMarker.description == "the JPEG data ends without an end-of-image marker")
        #expect(JPEGDamage.corruptData(message: "Corrupt JPEG data: bad Huffman code", count: 1).description
                == "corrupt JPEG data, decoded anyway (libjpeg: Corrupt JPEG data: bad Huffman code)")
        #expect(JPEGDamage.corruptData(message: "Corrupt JPEG data: bad Huffman code", count: 3).description
                == "corrupt JPEG data, decoded anyway (libjpeg: Corrupt JPEG data: bad Huffman code; 2 more warnings)")
    }
}
