@testable import GridLayout
import Testing

/// One conformance vector of docs/layout-spec.md §8: its number, what goes in, what must come out.
struct SpecVector: Sendable, CustomTestStringConvertible {
    let id: Int
    let title: String
    let input: Input
    let expected: Expected

    var testDescription: String { "#\(id) \(title)" }

    enum Input: Sendable {
        /// A view proposed a size, placed at the origin.
        case view(LayoutView, ProposedSize)
        /// The grid's tracks for a width.
        case columns([GridItem], width: Double)
        /// The photo grid at a width with `count` images of `image`.
        case photoGrid(width: Double, count: Int, image: Size)
        /// A photo cell of side `side` for an image, placed at the origin.
        case photoCell(side: Double, image: Size)
        /// Opening cell `index` of the photo grid (width of the container) whose images are all `image`,
        /// with the viewport at `container` in the window.
        case detail(index: Int, image: Size, container: Rect)
        /// Dragging the detail of `.detail`'s setup by `translation`.
        case drag(index: Int, image: Size, container: Rect, translation: Point)
        /// Drag samples → velocity and release.
        case dragRelease(index: Int, image: Size, container: Rect, samples: [DragSample])
        /// A release with a given velocity.
        case releaseVelocity(index: Int, image: Size, container: Rect, translation: Point, velocity: Point)
    }

    enum Expected: Sendable {
        /// Reported size, optionally the child's measurement proposal and the child's placed origin.
        case size(Size, childProposal: ProposedSize? = nil, childOrigin: Point? = nil)
        /// Track widths, and their x positions when given.
        case tracks(widths: [Double], x: [Double]? = nil)
        /// Row count, content height, and some cells' frames.
        case grid(rows: Int, contentHeight: Double, cells: [Int: Rect])
        /// Image rect (cell-local), clip rect, visible crop in image pixels, outer size.
        case cell(image: Rect, clip: Rect, crop: Rect, size: Size)
        /// A rect (e.g. the detail fit rect) and its centre.
        case detail(fit: Rect, center: Point)
        /// Drag scale, grid opacity, rendered rect.
        case drag(scale: Double, gridOpacity: Double, rendered: Rect)
        /// Velocity and the release decision.
        case release(velocity: Point?, shouldClose: Bool, target: Point?)
    }
}
