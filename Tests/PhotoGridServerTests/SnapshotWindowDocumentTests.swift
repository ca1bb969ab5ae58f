import Foundation
import GridLayout
import PhotoLibrary
import Testing
import TestSupport
@testable import PhotoGrid
@testable import PhotoGridServer

/// A window written straight from a grid snapshot (`SnapshotLayoutQuestion` over `LayoutDocument.writeWindow`,
/// what the server's layout route answers from memory) is byte for byte the gallery model's document for
/// the same request (`gallery(snapshot:).layoutDocument`, the path the command line's documents take).
@Suite struct SnapshotWindowDocumentTests {
    /// 1,000 photos of the shapes a library holds, with the names and keys that need care: paths that
    /// need escaping, one whose bytes are not UTF-8, content keys that name a thumbnail, keys that do not
    /// (upper-case hex), and photos without one.
    static let snapshot: GridSnapshot = {
        var random = SplitMix64(seed: 20261125)
        let sizes = [(4032, 3024), (3024, 4032), (1000, 1000), (6000, 1000), (800, 4000), (1, 1), (640, 480)]
        let names = ["IMG_%d.jpg", "holiday \"best\"/%d.jpg", "back\\slash %d.png", "tab\t%d.heic", "café/été %d.webp", "日本/%d.jpg"]
        let entries = (0..<1000).map { i -> GridEntry in
            let size = sizes[Int(random.next() % UInt64(sizes.count))]
            let name = String(format: names[Int(random.next() % UInt64(names.count))], i)
            let key: String? = switch i % 4 {
            case 0: nil
            case 1: "\(1000 + i)-\(String(random.next(), radix: 16))"
            case 2: "\(1000 + i)-ABCDEF\(i)"
            default: "\(i)-0123456789abcdef"
            }
            var bytes = Array(name.utf8)
            if i == 500 { bytes = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8) }
            // Every 13th a video (one in two with a known duration), every 29th a Live Photo.
            let media: MediaKind = i % 13 == 0 ? .video : i % 29 == 0 ? .live : .photo
            return GridEntry(id: Int64(i * 7 + 3), path: String(decoding: bytes, as: UTF8.self), pathBytes: bytes,
                             pixelWidth: size.0, pixelHeight: size.1, contentKey: key, media: media,
                             duration: media == .video && i % 2 == 0 ? Double(i) / 10 : nil)
        }
        return GridSnapshot(version: 1, entries: entries)
    }()

    static let requests: [LayoutRequest] = {
        var requests: [LayoutRequest] = []
        for width in [393, 320, 1024, 1366.5, 0.5] {
            for offset in [0, 100, 1234.5, 66_000, -50, 1e6] {
                requests.append(LayoutRequest(width: width, offset: offset))
            }
        }
        requests.append(LayoutRequest(width: 393, height: 10, offset: 500, scale: 2))
        requests.append(LayoutRequest(width: 393, height: 2000, offset: 7, scale: 1, rowSpacing: 0))
        requests.append(LayoutRequest(width: 700, offset: 333.33, columns: "fixed:80/2,flexible,flexible:50:200", rowSpacing: 10.25))
        requests.append(LayoutRequest(width: 1200, offset: 4000, columns: "adaptive:120:inf"))
        requests.append(LayoutRequest(width: 393, offset: 10, columns: "fixed:0,adaptive:100"))
        // Justified rows (issue 38): defaults at a phone's and a desktop's width, and every option.
        for (width, offset) in [(393.0, 0.0), (393, 5000), (1280, 777.5), (0.5, 0)] {
            requests.append(LayoutRequest(width: width, offset: offset, justified: JustifiedRequest()))
        }
        requests.append(LayoutRequest(width: 820, height: 400, offset: 2500, justified: JustifiedRequest(
            rowHeight: 140, rowHeightTolerance: 0.1, spacing: "4,6", padding: "10,20,30,40", maxRows: 60, widows: "center",
            breakoutEvery: 5, aspectRatio: nil)))
        requests.append(LayoutRequest(width: 393, offset: 9000, justified: JustifiedRequest(widows: "hide", aspectRatio: 0.75)))
        return requests
    }()

    /// The server's grid thumbnail sides (docs/serve.md, "Thumbnail sizes").
    static let gridRungs = [128, 192, 256, 387, 512, 768, 1024, 1536, 2048]

    /// The gallery model's document for `request`, its cells naming grid thumbnails under `prefix` as
    /// `thumbs` names them for the request's width and scale, snapped up to the server's ladder.
    static func modelDocument(_ request: LayoutRequest, thumbnailURLPrefix prefix: String?) throws -> [UInt8] {
        let gallery = try #require(try request.gallery(snapshot: Self.snapshot))
        let pixels = request.justified != nil ? nil : (try? ThumbnailRequest(width: request.width, scale: request.scale, configuration: request.configuration()).gridPixels())
            .map { pixels in gridRungs.first { $0 >= pixels } ?? gridRungs[gridRungs.count - 1] }
        let folder = prefix.flatMap { prefix in pixels.map { ThumbnailNames.gridFolder(pixels: $0, prefix: prefix) } }
        // Justified cells name the ladder's rung that fits each cell's frame.
        let cellThumbnail: ((GalleryPhoto, Rect) -> String?)? = request.justified == nil ? nil : prefix.map { prefix in
            { photo, frame in ThumbnailNames.cellName(frame: frame, scale: request.scale, photo: photo, prefix: prefix) }
        }
        return try gallery.layoutDocument(all: false, thumbnail: { photo in
            folder.flatMap { ThumbnailNames.gridName(folder: $0, photo: photo) }
        }, cellThumbnail: cellThumbnail).documentBytes()
    }

    @Test(arguments: [nil, "api/v1/thumbnails/"])
    func aWindowIsTheGalleryModelsDocument(thumbnailURLPrefix: String?) throws {
        for request in Self.requests {
            let expected = try Self.modelDocument(request, thumbnailURLPrefix: thumbnailURLPrefix)
            let written = try #require(try request.withWindowDocument(snapshot: Self.snapshot, thumbnailURLPrefix: thumbnailURLPrefix) { Array($0) })
            #expect(written == expected, "\(request): \(Self.firstDifference(written, expected))")
        }
    }

    /// A server thread's pieces (`JSONPieces`) serve every answer it writes: every request's window,
    /// written twice over with one set of pieces (the second pass copies what the first kept), and every
    /// half-point offset of one question, is the model's document — and pieces were copied.
    @Test func piecesKeptFromEarlierAnswersAreCopiedExactly() throws {
        let pieces = JSONPieces()
        for _ in 0..<2 {
            for request in Self.requests {
                let question = try #require(try SnapshotLayoutQuestion(request, snapshot: Self.snapshot, thumbnailURLPrefix: "t/"))
                let written = try #require(try question.withDocument(offset: request.offset, pieces: pieces) { Array($0) })
                let expected = try Self.modelDocument(request, thumbnailURLPrefix: "t/")
                let same = written == expected
                #expect(same, "\(request): \(Self.firstDifference(written, expected))")
            }
        }
        let asked = LayoutRequest(width: 393, offset: 0)
        let question = try #require(try SnapshotLayoutQuestion(asked, snapshot: Self.snapshot, thumbnailURLPrefix: "t/"))
        for step in 0...400 {
            var request = asked
            request.offset = Double(step) * 0.5
            let written = try #require(try question.withDocument(offset: request.offset, pieces: pieces) { Array($0) })
            let expected = try Self.modelDocument(request, thumbnailURLPrefix: "t/")
            let same = written == expected
            #expect(same, "offset \(request.offset): \(Self.firstDifference(written, expected))")
        }
        #expect(pieces.copied > 10_000)
    }

    /// Where two documents first differ, with some bytes of each from there.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let at = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func around(_ bytes: [UInt8]) -> String { String(decoding: bytes[max(0, at - 40)..<min(bytes.count, at + 40)], as: UTF8.self) }
        return "byte \(at): …\(around(a))… against …\(around(b))…"
    }

    /// Found by a mutation audit: a window one row short when a row's top lies within a point of the
    /// viewport's bottom went unnoticed. Every offset in half-point steps over several rows, at heights
    /// that put row tops just inside and just outside the bottom edge, asked of one kept question (as the
    /// server asks it) and written anew: each is the model's document.
    @Test(arguments: [759.0, 759.5, 760, 132, 131.5, 1])
    func everyHalfPointOffsetIsTheModelsWindow(height: Double) throws {
        let asked = LayoutRequest(width: 393, height: height, offset: 0)
        let question = try #require(try SnapshotLayoutQuestion(asked, snapshot: Self.snapshot, thumbnailURLPrefix: "t/"))
        var mismatches: [Double] = []
        for step in 0...800 {
            var request = asked
            request.offset = Double(step) * 0.5
            let expected = try Self.modelDocument(request, thumbnailURLPrefix: "t/")
            let kept = try #require(try question.withDocument(offset: request.offset) { Array($0) })
            let fresh = try #require(try request.withWindowDocument(snapshot: Self.snapshot, thumbnailURLPrefix: "t/") { Array($0) })
            if kept != expected || fresh != expected { mismatches.append(request.offset) }
        }
        #expect(mismatches.isEmpty, "height \(height): offsets \(mismatches.prefix(10))")
    }

    @Test func oneQuestionAnswersEveryOffset() throws {
        // Made at one offset, asked at others: each document is the model's at that offset.
        let asked = LayoutRequest(width: 820, height: 1180, offset: 300, scale: 2, rowSpacing: 2)
        let question = try #require(try SnapshotLayoutQuestion(asked, snapshot: Self.snapshot, thumbnailURLPrefix: "api/v1/thumbnails/"))
        for offset in [0, 300, 55.25, 9_999.5, -1_000, 1e9] {
            var request = asked
            request.offset = offset
            let expected = try Self.modelDocument(request, thumbnailURLPrefix: "api/v1/thumbnails/")
            let written = try #require(try question.withDocument(offset: offset) { Array($0) })
            #expect(written == expected, "offset \(offset): \(Self.firstDifference(written, expected))")
        }
        for offset in [Double.infinity, -.infinity, .nan] {
            #expect(throws: UsageError.self) { try question.withDocument(offset: offset) { Array($0) } }
        }
    }

    @Test func theTrickyCellsAreWrittenAsTheModelWritesThem() throws {
        // The window around photo 500 (not UTF-8) holds every kind of name and key.
        let request = LayoutRequest(width: 393, height: 300, offset: 500 / 3 * 132)
        let written = try #require(try request.withWindowDocument(snapshot: Self.snapshot, thumbnailURLPrefix: "t/") { Array($0) })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(written)) as? [String: Any])
        let cells = try #require(document["cells"] as? [[String: Any]])
        let odd = try #require(cells.first { $0["index"] as? Int == 500 })
        #expect(odd["path"] as? String == "caf\u{FFFD}.jpg")
        #expect(odd["pathBytes"] as? String == Data(Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)).base64EncodedString())
        let thumbnails = cells.compactMap { $0["thumbnail"] as? String }
        #expect(thumbnails.count == cells.count)
        #expect(thumbnails.allSatisfy { $0.hasPrefix("t/grid-387/") && $0.hasSuffix(".jpg") })
        #expect(thumbnails.contains { $0.hasPrefix("t/grid-387/id-") }, "photos without a usable key are named by id")
    }

    @Test func whatTheSnapshotDoesNotAnswerIsNilAndBadValuesAreRefused() throws {
        for request in [LayoutRequest(width: 393, group: "day"), LayoutRequest(width: 393, cellStyle: "fit"),
                        LayoutRequest(sizes: "100x100", width: 393)] {
            #expect(try request.withWindowDocument(snapshot: Self.snapshot, thumbnailURLPrefix: nil) { Array($0) } == nil, "\(request)")
        }
        #expect(throws: UsageError.self) { try LayoutRequest(width: -1).withWindowDocument(snapshot: Self.snapshot, thumbnailURLPrefix: nil) { Array($0) } }
        #expect(throws: UsageError.self) { try LayoutRequest(width: 393, columns: "adaptive:0").withWindowDocument(snapshot: Self.snapshot, thumbnailURLPrefix: nil) { Array($0) } }
    }
}

extension LayoutRequest {
    /// This request's window from `snapshot`, written by a question made for it alone; nil for the
    /// requests a snapshot does not answer.
    func withWindowDocument<Result>(snapshot: GridSnapshot, thumbnailURLPrefix: String?,
                                    _ body: (UnsafeRawBufferPointer) -> Result) throws -> Result? {
        try SnapshotLayoutQuestion(self, snapshot: snapshot, thumbnailURLPrefix: thumbnailURLPrefix)?.withDocument(offset: offset, body)
    }
}
