@testable import GridLayout
import Testing

/// Runs every vector of `SpecVectors.all`, one test case per vector number.
@Suite("Spec §8 conformance vectors")
struct ConformanceTests {
    static let tolerance = 1e-9

    @Test("vector", arguments: SpecVectors.all)
    func vector(_ v: SpecVector) {
        switch (v.input, v.expected) {
        case let (.view(view, proposal), .size(size, childProposal, childOrigin)):
            let placed = LayoutEngine.place(view, proposal: proposal)
            expectClose(placed.frame.size, size)
            expectClose(LayoutEngine.sizeThatFits(view, proposal), size)
            if let childProposal {
                let measured = LayoutEngine.childProposal(view, proposal)
                #expect(measured != nil)
                if let measured { expectClose(measured, childProposal) }
            }
            if let childOrigin {
                #expect(placed.child != nil)
                if let child = placed.child { expectClose(child.frame.origin, childOrigin) }
            }

        case let (.columns(items, width), .tracks(widths, xs)):
            let tracks = GridColumns.tracks(width: width, items: items)
            #expect(tracks.map(\.width).count == widths.count)
            for (t, w) in zip(tracks, widths) { expectClose(t.width, w) }
            if let xs {
                for (t, x) in zip(tracks, xs) { expectClose(t.x, x) }
            }

        case let (.photoGrid(width, count, image), .grid(rows, contentHeight, cells)):
            for byEngine in [false, true] {
                let layout = PhotoGridLayout(width: width, imageSizes: Array(repeating: image, count: count), evaluatedByEngine: byEngine)
                #expect(layout.rowCount == rows)
                expectClose(layout.contentHeight, contentHeight)
                for (index, frame) in cells { expectClose(layout.cell(index).frame, frame) }
            }

        case let (.photoCell(side, image), .cell(imageRect, clip, crop, size)):
            let placed = LayoutEngine.place(PhotoCellStyle.square.view(imageSize: image), proposal: ProposedSize(width: side, height: nil))
            expectClose(placed.frame.size, size)
            let found = placed.firstImage()
            #expect(found != nil)
            if let found {
                expectClose(found.image.frame, imageRect)
                #expect(found.clip != nil)
                if let c = found.clip { expectClose(c, clip) }
                expectClose(CellGeometry.visibleCrop(imageFrame: found.image.frame, clip: found.clip, pixelSize: image), crop)
            }
            expectClose(CellGeometry.centreSquareCrop(pixelSize: image), crop)

        case let (.detail(index, image, container), .detail(fit, center)):
            let geometry = detailGeometry(index: index, image: image, container: container)
            expectClose(geometry.detail, fit)
            expectClose(geometry.detail.center, center)
            expectClose(geometry.drag.detailCenter, center)

        case let (.drag(index, image, container, translation), .drag(scale, opacity, rendered)):
            let drag = detailGeometry(index: index, image: image, container: container).drag
            expectClose(DragToDismiss.scale(translation: translation), scale)
            expectClose(DragToDismiss.gridOpacity(translation: translation), opacity)
            expectClose(drag.renderedRect(translation: translation), rendered)

        case let (.dragRelease(index, image, container, samples), .release(velocity, shouldClose, target)):
            let drag = detailGeometry(index: index, image: image, container: container).drag
            let v = DragSample.velocity(of: samples)
            if let velocity { expectClose(v, velocity) }
            let release = drag.release(translation: samples.last?.translation ?? .zero, velocity: v)
            #expect(release.shouldClose == shouldClose)
            if let target { expectClose(release.target, target) }

        case let (.releaseVelocity(index, image, container, translation, velocity), .release(_, shouldClose, target)):
            let release = detailGeometry(index: index, image: image, container: container).drag
                .release(translation: translation, velocity: velocity)
            #expect(release.shouldClose == shouldClose)
            if let target { expectClose(release.target, target) }

        default:
            Issue.record("vector #\(v.id): input and expected kinds do not match")
        }
    }

    /// The §8.6 setup: the photo grid at the container's width, every image `image`, scroll offset 0.
    func detailGeometry(index: Int, image: Size, container: Rect) -> DetailGeometry {
        let layout = PhotoGridLayout(width: container.width, imageSizes: Array(repeating: image, count: 10))
        return DetailGeometry(cell: layout.cell(index), imageSize: image, offset: 0, container: container)
    }
}

func expectClose(_ a: Double, _ b: Double, _ tolerance: Double = ConformanceTests.tolerance,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(a - b) <= tolerance, "\(a) ≠ \(b)", sourceLocation: sourceLocation)
}

func expectClose(_ a: Size, _ b: Size, sourceLocation: SourceLocation = #_sourceLocation) {
    expectClose(a.width, b.width, sourceLocation: sourceLocation)
    expectClose(a.height, b.height, sourceLocation: sourceLocation)
}

func expectClose(_ a: Point, _ b: Point, sourceLocation: SourceLocation = #_sourceLocation) {
    expectClose(a.x, b.x, sourceLocation: sourceLocation)
    expectClose(a.y, b.y, sourceLocation: sourceLocation)
}

func expectClose(_ a: Rect, _ b: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
    expectClose(a.origin, b.origin, sourceLocation: sourceLocation)
    expectClose(a.size, b.size, sourceLocation: sourceLocation)
}

func expectClose(_ a: ProposedSize, _ b: ProposedSize, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect((a.width == nil) == (b.width == nil), "width \(a) vs \(b)", sourceLocation: sourceLocation)
    #expect((a.height == nil) == (b.height == nil), "height \(a) vs \(b)", sourceLocation: sourceLocation)
    if let x = a.width, let y = b.width { expectClose(x, y, sourceLocation: sourceLocation) }
    if let x = a.height, let y = b.height { expectClose(x, y, sourceLocation: sourceLocation) }
}
