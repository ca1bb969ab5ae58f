import Foundation
import GridLayout
@testable import PhotoGrid
import Testing

@Suite("Layout and detail documents")
struct DocumentTests {
    /// Each document has one encoding, its writer (`write(to:)`); Foundation's JSONDecoder, reading every
    /// stored property by its name through the synthesized `Decodable`, is the independent reader: the text
    /// must decode to the same document, and every object's keys must come in sorted order.
    func expectWrittenOnce<T: Decodable & Equatable & JSONWritable>(_ document: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = document.jsonBytes()
        let sorted = Self.keysAreSorted(bytes)
        #expect(sorted, "keys out of order in \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(try JSONDecoder().decode(T.self, from: Data(bytes)) == document, sourceLocation: sourceLocation)
    }

    /// Whether every object in the JSON text `bytes` lists its keys in strictly increasing byte order.
    static func keysAreSorted(_ bytes: [UInt8]) -> Bool {
        var objects: [(isObject: Bool, lastKey: [UInt8]?)] = []
        var expectingKey = false
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"): objects.append((true, nil)); expectingKey = true
            case UInt8(ascii: "["): objects.append((false, nil)); expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"): objects.removeLast(); expectingKey = false
            case UInt8(ascii: ","): expectingKey = objects.last?.isObject ?? false
            case UInt8(ascii: "\""):
                var text: [UInt8] = []
                i += 1
                while bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\") { text.append(bytes[i]); i += 1 }
                    text.append(bytes[i])
                    i += 1
                }
                if expectingKey {
                    if let last = objects[objects.count - 1].lastKey, !last.lexicographicallyPrecedes(text) { return false }
                    objects[objects.count - 1].lastKey = text
                    expectingKey = false
                }
            default: break
            }
            i += 1
        }
        return true
    }

    @Test("the key-order check refuses keys out of order, at any depth")
    func keyOrderCheckCanFail() {
        #expect(Self.keysAreSorted(Array(#"{"a":1,"b":{"c":[{"d":"}\"","e":2}],"f":3}}"#.utf8)))
        #expect(!Self.keysAreSorted(Array(#"{"b":1,"a":2}"#.utf8)))
        #expect(!Self.keysAreSorted(Array(#"{"a":[{"y":1,"x":2}]}"#.utf8)))
    }

    @Test("layout, zoom and detail documents: the writer's text decodes to the document, keys sorted")
    func writerMatchesFoundation() throws {
        let photos = [
            GalleryPhoto(id: 17, path: "beach/1 \"quoted\"\\back\tslash/é.jpg", pixelWidth: 4032, pixelHeight: 3024, thumbnail: "thumbs/a.jpg"),
            GalleryPhoto(pixelWidth: 3024, pixelHeight: 4032),
            GalleryPhoto(id: 3, path: "x\u{1}y", pixelWidth: 6000, pixelHeight: 1000),
            GalleryPhoto(pixelWidth: 1, pixelHeight: 7),
        ]
        for width in [393.0, 320, 1024, 99.5] {
            let gallery = try GalleryLayout(photos: photos, viewport: Viewport(width: width, height: 500, offset: -7.25, scale: 2.5))
            let layout = gallery.layoutDocument(all: true)
            try expectWrittenOnce(layout)
            try expectWrittenOnce(ZoomDocument(anchor: 2, offset: 1e-7 - 7.25, layout: layout))
            for i in photos.indices {
                let detail = try gallery.detailDocument(index: i, progress: 0.3, drag: Point(x: -12.5, y: 1e-7))
                try expectWrittenOnce(detail)
                let plain = try gallery.detailDocument(index: i)
                try expectWrittenOnce(plain)
            }
            // Justified rows: image frames equal to frames (their bytes copied), non-dyadic numbers.
            for request in [JustifiedRequest(rowHeight: 100), JustifiedRequest(rowHeight: 37.3, spacing: "2.5,1", aspectRatio: 1.1)] {
                let justified = try GalleryLayout(photos: photos, viewport: Viewport(width: width, height: 500, offset: -7.25, scale: 2.5),
                                                  justified: try request.configuration(width: width))
                let document = justified.layoutDocument(all: true)
                try expectWrittenOnce(document)
            }
        }
    }

    @Test("the layout document of two photos at 393 (the docs/json.md example numbers)")
    func layoutNumbers() throws {
        let gallery = try GalleryLayout(photos: [GalleryPhoto(pixelWidth: 4032, pixelHeight: 3024), GalleryPhoto(pixelWidth: 3024, pixelHeight: 4032)],
                                        viewport: Viewport(width: 393))
        let doc = gallery.layoutDocument(all: false)
        #expect(doc.grid.columns == [.init(x: 0, width: 129), .init(x: 132, width: 129), .init(x: 264, width: 129)])
        #expect(doc.grid.rowCount == 1 && doc.grid.contentHeight == 129 && doc.grid.count == 2)
        #expect(doc.cells[0].imageFrame == Rect(x: -21.5, y: 0, width: 172, height: 129))
        #expect(doc.cells[0].crop == Rect(x: 504, y: 0, width: 3024, height: 3024))
        #expect(doc.cells[1].imageFrame == Rect(x: 132, y: -21.5, width: 129, height: 172))
        #expect(doc.cells[1].crop == Rect(x: 0, y: 504, width: 3024, height: 3024))
    }

    @Test("bad viewports and indices are usage errors")
    func usageErrors() throws {
        let photos = [GalleryPhoto(pixelWidth: 10, pixelHeight: 10)]
        for v in [Viewport(width: 0), Viewport(width: -1), Viewport(width: .nan), Viewport(width: 393, height: 0),
                  Viewport(width: 393, scale: 0), Viewport(width: 393, offset: .infinity), Viewport(width: 2e6)] {
            #expect(throws: UsageError.self) { try GalleryLayout(photos: photos, viewport: v) }
        }
        let gallery = try GalleryLayout(photos: photos, viewport: Viewport(width: 393))
        #expect(throws: UsageError.self) { try gallery.detailDocument(index: 1) }
        #expect(throws: UsageError.self) { try gallery.detailDocument(index: -1) }
        #expect(throws: UsageError.self) { try gallery.detailDocument(index: 0, progress: 1.5) }
        #expect(throws: UsageError.self) { try GalleryLayout(photos: [], viewport: Viewport(width: 393)).detailDocument(index: 0) }
    }
}

@Suite("JSONWriter numbers")
struct JSONWriterNumberTests {
    func written(_ x: Double) -> String {
        var w = JSONWriter()
        w.value(x)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test("numbers print as Foundation prints them")
    func numbers() throws {
        // Hand-picked: integral, halves and quarters, 1/256 steps, thirds, tiny, large, negative zero.
        let cases: [(Double, String)] = [
            (129, "129"), (-21.5, "-21.5"), (104.75, "104.75"), (0.00390625, "0.00390625"), (-0.5, "-0.5"),
            (999_999.99609375, "999999.99609375"), (314.0 / 3, "104.66666666666667"), (1e-14, "1e-14"),
            (0.1, "0.1"), (0.001, "0.001"), (-96.083, "-96.083"), (4_999_935.618, "4999935.618"), (-0.0, "-0"), (0, "0"), (1e21, "1e+21"), (123_456_789_012, "123456789012"),
        ]
        for (x, text) in cases { #expect(written(x) == text, "\(x)") }
        // Every m/256 in a wide range equals Swift's shortest round-trip description (minus ".0").
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let x = Double(Int64.random(in: -255_999_999...255_999_999, using: &rng)) / 256
            let reference = x == x.rounded() ? String(Int64(x)) : x.description
            #expect(written(x) == reference, "\(x)")
        }
        // And far from 0 (the y of a cell deep in a million-photo grid), where a double's spacing
        // outgrows 1/256 and the shortest form can drop digits: up to 2^44 and down to 2^-8 steps.
        for exponent in 20...44 {
            for _ in 0..<400 {
                let m = Int64.random(in: (Int64(1) << exponent)...(Int64(1) << (exponent + 1)), using: &rng)
                let x = Double(m) / 256 * (Bool.random(using: &rng) ? 1 : -1)
                let reference = x == x.rounded() ? String(Int64(x)) : x.description
                #expect(written(x) == reference, "\(x)")
            }
        }
    }

    /// Thousandths (justified frames are given to 0.001 pt) print as `description` does: every m/1000
    /// from −100 to 100 pt, random ones up to a million-photo grid's depth, and far out where a double's
    /// spacing outgrows 0.001 and the shortest form has fewer digits.
    @Test("thousandths print as description prints them")
    func thousandths() {
        var rng = SystemRandomNumberGenerator()
        var values = (-100_000...100_000).map { Double($0) / 1000 }
        values += (0..<20_000).map { _ in Double(Int64.random(in: -50_000_000_000...50_000_000_000, using: &rng)) / 1000 }
        for exponent in 40...61 {
            values += (0..<200).map { _ in Double(Int64.random(in: (Int64(1) << exponent)...(Int64(1) << (exponent + 1)), using: &rng)) / 1000 }
        }
        for x in values {
            let reference = abs(x) < 1e15 && x == x.rounded() ? String(Int64(x)) : x.description
            #expect(written(x) == reference, "\(x)")
        }
    }

    /// Doubles of every magnitude (random bit patterns) and justified rows' frames (non-dyadic fractions)
    /// print as `description` does, the integral ones without ".0".
    @Test("any finite double prints as description prints it")
    func anyDouble() {
        var rng = SystemRandomNumberGenerator()
        var values = (0..<20_000).map { _ in Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)) }.filter(\.isFinite)
        values += (0..<20_000).map { _ in Double.random(in: -40_000_000...40_000_000, using: &rng) }
        values += [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 5e-324, 1.7976931348623157e308]
        for x in values {
            let reference = abs(x) < 1e15 && x == x.rounded() ? String(Int64(x)) : x.description
            #expect(written(x) == reference, "\(x)")
        }
    }

    @Test("a kept piece is copied into the next document; one holding a number that is not finite is not kept")
    func pieces() {
        let pieces = JSONPieces()
        var texts: [String] = []
        for _ in 0..<2 {
            var w = JSONWriter(pieces: pieces)
            w.beginObject()
            w.piece(.pixelSize, 3024, 4032) { w in w.key("a"); w.value(3024.0); w.key("b"); w.value(-21.5) }
            w.piece(.crop, Double.nan.bitPattern, 0) { w in w.key("c"); w.value(Double.nan) }
            w.key("d"); w.value(1)
            w.endObject()
            #expect(w.nonFiniteNumbers == 1)
            texts.append(String(decoding: w.bytes, as: UTF8.self))
        }
        #expect(texts == [#"{"a":3024,"b":-21.5,"c":null,"d":1}"#, #"{"a":3024,"b":-21.5,"c":null,"d":1}"#])
        #expect(pieces.copied == 1)
    }

    @Test("integers print as Swift prints them: every one below 100,000 and each side of every power of ten")
    func integers() {
        var values = Array(-100...100_000)
        var power: Int64 = 1
        for _ in 1...18 {
            power *= 10
            values += [Int(power - 1), Int(power), Int(power + 1), -Int(power - 1), -Int(power)]
        }
        values += [Int.max, Int.min + 1]
        for n in values {
            var w = JSONWriter()
            w.value(n)
            #expect(String(decoding: w.bytes, as: UTF8.self) == String(n))
            if n.magnitude < 1_000_000_000_000_000 {
                #expect(written(Double(n)) == String(n), "\(n) as a Double")
            }
        }
    }
}
