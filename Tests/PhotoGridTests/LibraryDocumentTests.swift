import Foundation
import PhotoLibrary
import Testing
@testable import PhotoGrid
@testable import photogrid
@testable import Indexing

/// The documents and texts of `photogrid index`, `list` and `stats`, built from given values.
@Suite struct LibraryDocumentTests {
    static func photo(id: Int64, path: String, status: PhotoStatus, error: String? = nil,
                      size: (Int, Int)? = nil, orientation: Int? = nil, takenAt: String? = nil) -> Photo {
        let swapped = (orientation ?? 1) >= 5
        return Photo(id: id, pathBytes: Array(path.utf8), path: path, status: status, error: error,
                     fileSize: 100, modificationTimeNanoseconds: 0, contentKey: nil,
                     storedWidth: size?.0, storedHeight: size?.1,
                     pixelWidth: size.map { swapped ? $0.1 : $0.0 }, pixelHeight: size.map { swapped ? $0.0 : $0.1 },
                     orientation: orientation, components: size == nil ? nil : 3, colorSpace: nil,
                     isProgressive: nil, takenAt: takenAt, sortKey: "", firstSeen: "", lastSeen: "")
    }

    @Test func indexSummaryJSONHasSortedKeysAndMillisecondSeconds() {
        var summary = IndexSummary()
        summary.scanned = 12
        summary.added = 9
        summary.updated = 1
        summary.unchanged = 1
        summary.moved = 1
        summary.missing = 2
        summary.errors = 3
        summary.seen = 12
        summary.seconds = 0.0123456
        let report = IndexReport(folder: "photos", database: "photogrid.sqlite", summary: summary)
        #expect(report.json == #"{"added":9,"errors":3,"missing":2,"moved":1,"pruned":0,"prunedThumbnails":0,"retried":0,"#
            + #""scanned":12,"seconds":0.012,"seen":12,"skipped":{"cache":0,"hidden":0,"image":0,"other":0,"output":0,"pseudo":0,"#
            + #""raw":0,"symlink":0,"video":0},"unchanged":1,"unreadableFolders":[],"updated":1,"vanished":0,"version":1}"#)
        #expect(report.text == "Indexed 12 photo files in photos into photogrid.sqlite in 0.012 s: 9 added, 1 updated, "
            + "1 unchanged, 1 moved, 2 missing, 3 errors (`photogrid list` shows which and why).")
    }

    @Test func summaryTextNamesUnreadableFolders() {
        var summary = IndexSummary()
        summary.scanned = 1
        summary.unchanged = 1
        summary.seconds = 12.4
        summary.unreadableFolders = [.init(path: "private", error: "Permission denied", rowsKept: 3)]
        let report = IndexReport(folder: "p", database: "d", summary: summary)
        #expect(report.text == "Indexed 1 photo file in p into d in 12 s: 0 added, 0 updated, 1 unchanged, 0 moved, "
            + "0 missing, 0 errors. 1 folder could not be read (their photos were left as they were): "
            + "private: Permission denied (3 photos kept).")
        #expect(report.json.contains(#""unreadableFolders":[{"error":"Permission denied","path":"private","rowsKept":3}]"#))
    }

    @Test func listJSONOmitsAbsentFactsAndErrorsOfOtherRows() {
        let document = PhotoListDocument(photos: [
            ListedPhoto(Self.photo(id: 4, path: "a/b.jpg", status: .ok, size: (4032, 3024), orientation: 6,
                                   takenAt: "2024-05-01T10:00:00")),
            ListedPhoto(Self.photo(id: 7, path: "bad.jpg", status: .error, error: "empty file")),
            ListedPhoto(Self.photo(id: 9, path: "gone.jpg", status: .missing, error: "stale", size: (10, 20))),
        ])
        #expect(document.json == #"{"photos":["#
            + #"{"format":"jpeg","id":4,"media":"photo","modifiedAt":"1970-01-01T00:00:00Z","orientation":6,"path":"a/b.jpg","pixelHeight":4032,"pixelWidth":3024,"status":"ok","storedHeight":3024,"storedWidth":4032,"takenAt":"2024-05-01T10:00:00"},"#
            + #"{"error":"empty file","format":"jpeg","id":7,"media":"photo","modifiedAt":"1970-01-01T00:00:00Z","path":"bad.jpg","status":"error"},"#
            + #"{"format":"jpeg","id":9,"media":"photo","modifiedAt":"1970-01-01T00:00:00Z","path":"gone.jpg","pixelHeight":20,"pixelWidth":10,"status":"missing","storedHeight":20,"storedWidth":10}"#
            + #"],"version":1}"#)
    }

    /// Every member of a listed photo, a page's offset and total: each key written once, in sorted order,
    /// each value read back by `JSONDecoder` as it was (strings escaped, doubles exact, ids past 2^53).
    @Test func listJSONWritesEveryMemberSortedAndReadsBack() throws {
        var photo = Self.photo(id: 9_007_199_254_740_993, path: "Live/\"quoted\"\\\tIMG.HEIC", status: .error,
                               error: "bad\nbox", size: (4032, 3024), orientation: 6, takenAt: "2024-05-01T10:00:00")
        (photo.pathBytes, photo.duration, photo.codec, photo.posterTime) = ([0x41, 0xFF], 2.9333333333333336, "hevc", 0.1)
        (photo.livePhotoID, photo.movieID, photo.moviePath) = (3, 4, "Live/IMG.MOV")
        (photo.motionOffset, photo.motionLength) = (1_234_567, 7_654_321)
        let listed = ListedPhoto(photo)
        let document = PhotoListDocument(photos: [listed, ListedPhoto(Self.photo(id: 2, path: "b.jpg", status: .ok))],
                                         offset: 1_000, total: 1_002)
        let bytes = try document.documentBytes()
        #expect(try JSONDecoder().decode(PhotoListDocument.self, from: Data(bytes)) == document)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"offset":1000,"photos":[{"codec":"hevc","duration":2.9333333333333336,"error":"bad\nbox","#))
        #expect(text.hasSuffix(#"}],"total":1002,"version":1}"#))
        // The first photo's keys (its string values hold no `"name":`): all 22, sorted.
        let first = String(text[text.range(of: #"[{"#)!.upperBound ..< text.range(of: "},{")!.lowerBound])
        let keys = first.matches(of: /"([A-Za-z]+)":/).map { String($0.output.1) }
        #expect(keys.count == 22 && keys == keys.sorted())
    }

    @Test func tableAlignsColumnsAndEscapesControlCharacters() {
        let document = PhotoListDocument(photos: [
            ListedPhoto(Self.photo(id: 12, path: "line\nbreak.jpg", status: .ok, size: (600, 400), orientation: 1,
                                   takenAt: "2008-04-20T19:12:06")),
            ListedPhoto(Self.photo(id: 3, path: "x.jpg", status: .error, error: "not a JPEG")),
        ])
        #expect(document.table == """
            ID  STATUS  FORMAT  PIXELS   ORIENT  TAKEN AT             PATH
            12  ok      jpeg    600×400  1       2008-04-20 19:12:06  line\\nbreak.jpg
             3  error   jpeg    -        -       -                    x.jpg  (not a JPEG)
            2 photos

            """)
    }

    @Test(arguments: [
        ("plain.jpg", "plain.jpg"), ("tab\there", "tab\\there"), ("esc\u{1B}[2J", "esc\\x1b[2J"),
        ("back\\slash", "back\\\\slash"), ("bell\u{07}", "bell\\x07"), ("é😀", "é😀"),
    ])
    func consoleTextEscapesWhatCouldMoveTheCursor(input: String, expected: String) {
        #expect(ConsoleText.escaped(input) == expected)
    }

    @Test func progressBarLine() {
        let bar = ProgressLine.self
        #expect(bar.render(done: 412, total: 1000, rate: 2345) == "412/1,000 [=========>              ] 41%  2,345 files/s  ETA 0:01")
        #expect(bar.render(done: 0, total: 90_000, rate: 0) == "0/90,000 [>                       ] 0%")
        #expect(bar.render(done: 5, total: 5, rate: 1) == "5/5 [========================] 100%  1 files/s  ETA 0:00")
        #expect(bar.render(done: 0, total: 0, rate: 0) == "0/0 [========================] 100%")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567"), (-12_345, "-12,345")])
    func groupsThousands(value: Int, expected: String) {
        #expect(CountText.grouped(value) == expected)
    }

    @Test func databaseLocationPrecedence() {
        let environment: (String) -> String? = { $0 == "PHOTOGRID_DB" ? "/env/library.sqlite" : nil }
        #expect(DatabaseLocation.resolve("given.sqlite", environment: environment) == "given.sqlite")
        #expect(DatabaseLocation.resolve(nil, environment: environment) == "/env/library.sqlite")
        #expect(DatabaseLocation.resolve(nil, environment: { _ in nil }) == "photogrid.sqlite")
        #expect(DatabaseLocation.resolve(nil, environment: { _ in "" }) == "photogrid.sqlite")
    }

    @Test func statisticsText() {
        let statistics = LibraryStatistics(
            database: "photogrid.sqlite",
            root: LibraryRoot(pathBytes: Array("/home/me/Pictures".utf8), path: "/home/me/Pictures",
                              lastIndexedAt: "2026-11-21T22:03:00Z"),
            counts: LibraryCounts(photos: 30, ok: 26, errors: 1, missing: 3, reoriented: 14, progressive: 2,
                                  withTakenAt: 1, okBytes: 3_123_456, colorSpaces: ["ycbcr": 25, "grayscale": 1],
                                  earliest: "2008-04-20T19:12:06", latest: "2026-11-21T22:03:50"),
            migrations: ["0001_create_photos"], integrity: "ok")
        #expect(statistics.text == """
            Folder:        /home/me/Pictures
            Last indexed:  2026-11-21T22:03:00Z
            Database:      photogrid.sqlite (schema 0001_create_photos)
            Photos:        30: 26 ok, 1 error, 3 missing
            Reoriented:    14 with an EXIF orientation other than 1
            Progressive:   2
            Taken-at:      1 with EXIF DateTimeOriginal, the rest sorted by file time
            Colour spaces: 1 grayscale, 25 ycbcr
            Size:          3.1 MB in ok photos
            Dates:         2008-04-20 19:12:06 … 2026-11-21 22:03:50
            Integrity:     ok

            """)
    }
}
