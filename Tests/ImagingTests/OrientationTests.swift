import Testing
@testable import Imaging

@Suite("Orientation")
struct OrientationTests {
    /// The stored 3×2 image a b c / d e f (labels 10…60) as displayed under each EXIF orientation,
    /// worked out by hand from the transform names (and checked against the EXIF table below).
    @Test(arguments: [
        (Orientation.identity, [[10, 20, 30], [40, 50, 60]]),
        (.flipHorizontal, [[30, 20, 10], [60, 50, 40]]),
        (.rotate180, [[60, 50, 40], [30, 20, 10]]),
        (.flipVertical, [[40, 50, 60], [10, 20, 30]]),
        (.transpose, [[10, 40], [20, 50], [30, 60]]),
        (.rotate90Clockwise, [[40, 10], [50, 20], [60, 30]]),
        (.transverse, [[60, 30], [50, 20], [40, 10]]),
        (.rotate90CounterClockwise, [[30, 60], [20, 50], [10, 40]]),
    ])
    func orientsTheThreeByTwoImage(orientation: Orientation, displayed: [[Int]]) throws {
        let oriented = try TestImages.abcdef().oriented(orientation)
        #expect(TestImages.labels(oriented) == displayed)
        // All three channels travel together.
        let f = try #require(oriented.pixel(x: displayed[0].count - 1, y: displayed.count - 1))
        #expect(Int(f.green) == Int(f.red) + 1 && Int(f.blue) == Int(f.red) + 2)
    }

    /// The EXIF definition itself (Exif 2.3 tag 0x0112, as printed by jpegexiforient(1)): where the
    /// stored image's 0th row and 0th column end up in the displayed image.
    @Test(arguments: [
        (Orientation.identity, "top", "left"),
        (.flipHorizontal, "top", "right"),
        (.rotate180, "bottom", "right"),
        (.flipVertical, "bottom", "left"),
        (.transpose, "left", "top"),
        (.rotate90Clockwise, "right", "top"),
        (.transverse, "right", "bottom"),
        (.rotate90CounterClockwise, "left", "bottom"),
    ])
    func matchesTheEXIFTable(orientation: Orientation, zerothRow: String, zerothColumn: String) throws {
        let oriented = try TestImages.abcdef().oriented(orientation)
        #expect(side(of: [10, 20, 30], in: oriented) == zerothRow)
        #expect(side(of: [10, 40], in: oriented) == zerothColumn)
    }

    /// Which edge of `image` holds all the pixels labelled `labels`.
    private func side(of labels: [Int], in image: PixelBuffer) -> String? {
        var points: [(x: Int, y: Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where labels.contains(Int(image.pixel(x: x, y: y)?.red ?? 0)) {
                points.append((x, y))
            }
        }
        guard points.count == labels.count else { return nil }
        if points.allSatisfy({ $0.y == 0 }) { return "top" }
        if points.allSatisfy({ $0.y == image.height - 1 }) { return "bottom" }
        if points.allSatisfy({ $0.x == 0 }) { return "left" }
        if points.allSatisfy({ $0.x == image.width - 1 }) { return "right" }
        return nil
    }

    @Test func exifValuesAndFallback() {
        #expect(Orientation.allCases.map(\.exifValue) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(Orientation(exifValue: 6) == .rotate90Clockwise)
        #expect(Orientation(exifValue: 0) == .identity)
        #expect(Orientation(exifValue: 9) == .identity)
        #expect(Orientation(exifValue: -3) == .identity)
        #expect(Orientation.allCases.filter(\.swapsDimensions).map(\.exifValue) == [5, 6, 7, 8])
        #expect(Orientation.rotate90Clockwise.description == "6 (rotate90Clockwise)")
    }

    @Test func displaySizes() {
        let stored = PixelSize(width: 4032, height: 3024)
        #expect(Orientation.rotate180.displaySize(forStoredSize: stored) == PixelSize(width: 4032, height: 3024))
        #expect(Orientation.rotate90Clockwise.displaySize(forStoredSize: stored) == PixelSize(width: 3024, height: 4032))
        #expect(Orientation.transverse.storedSize(forDisplaySize: PixelSize(width: 3024, height: 4032)) == stored)
    }

    /// Display rect → stored rect on a stored 7×5 image, by hand. EXIF 1–4 display 7×5, the rect
    /// covers display columns 1…3, rows 2…3; EXIF 5–8 display 5×7, the rect covers columns 0…2, rows 1…2.
    @Test(arguments: [
        (Orientation.identity, PixelRect(x: 1, y: 2, width: 3, height: 2), PixelRect(x: 1, y: 2, width: 3, height: 2)),
        (.flipHorizontal, PixelRect(x: 1, y: 2, width: 3, height: 2), PixelRect(x: 3, y: 2, width: 3, height: 2)),
        (.rotate180, PixelRect(x: 1, y: 2, width: 3, height: 2), PixelRect(x: 3, y: 1, width: 3, height: 2)),
        (.flipVertical, PixelRect(x: 1, y: 2, width: 3, height: 2), PixelRect(x: 1, y: 1, width: 3, height: 2)),
        (.transpose, PixelRect(x: 0, y: 1, width: 3, height: 2), PixelRect(x: 1, y: 0, width: 2, height: 3)),
        (.rotate90Clockwise, PixelRect(x: 0, y: 1, width: 3, height: 2), PixelRect(x: 1, y: 2, width: 2, height: 3)),
        (.transverse, PixelRect(x: 0, y: 1, width: 3, height: 2), PixelRect(x: 4, y: 2, width: 2, height: 3)),
        (.rotate90CounterClockwise, PixelRect(x: 0, y: 1, width: 3, height: 2), PixelRect(x: 4, y: 0, width: 2, height: 3)),
    ])
    func mapsDisplayRectsToStoredRects(orientation: Orientation, display: PixelRect, stored: PixelRect) {
        #expect(orientation.storedRect(forDisplayRect: display, storedSize: PixelSize(width: 7, height: 5)) == stored)
    }

    /// Cropping the displayed image equals orienting the mapped crop of the stored image, for every
    /// rect of a 4×3 image with distinct pixels.
    @Test(arguments: Orientation.allCases)
    func cropThenOrientEqualsOrientThenCrop(orientation: Orientation) throws {
        let stored = try PixelBuffer(width: 4, height: 3) { x, y in RGB(red: UInt8(x), green: UInt8(y), blue: 7) }
        let displayed = stored.oriented(orientation)
        var checked = 0
        for x in 0..<displayed.width {
            for y in 0..<displayed.height {
                for w in 1...(displayed.width - x) {
                    for h in 1...(displayed.height - y) {
                        let rect = PixelRect(x: x, y: y, width: w, height: h)
                        let mapped = orientation.storedRect(forDisplayRect: rect, storedSize: stored.size)
                        #expect(try displayed.cropped(to: rect) == stored.cropped(to: mapped).oriented(orientation))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 60)  // (4·5/2)·(3·4/2) rects of a 4×3 or 3×4 image
    }

    /// `storedPoint` agrees with the pixels `oriented` moves.
    @Test(arguments: Orientation.allCases)
    func storedPointMatchesTheTransform(orientation: Orientation) throws {
        let stored = try PixelBuffer(width: 5, height: 2) { x, y in RGB(red: UInt8(x), green: UInt8(y), blue: 0) }
        let displayed = stored.oriented(orientation)
        for y in 0..<displayed.height {
            for x in 0..<displayed.width {
                let p = orientation.storedPoint(x: x, y: y, storedSize: stored.size)
                #expect(displayed.pixel(x: x, y: y) == stored.pixel(x: p.x, y: p.y))
            }
        }
    }

    @Test func identityDoesNotChangeTheBuffer() throws {
        let image = try TestImages.abcdef()
        #expect(image.oriented(.identity) == image)
        // Every transform applied to a 1×1 image is that image.
        let dot = try PixelBuffer(width: 1, height: 1, filledWith: RGB(red: 1, green: 2, blue: 3))
        for orientation in Orientation.allCases { #expect(dot.oriented(orientation) == dot) }
    }
}
