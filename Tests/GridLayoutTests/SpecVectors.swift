@testable import GridLayout

/// The 44 public vectors of docs/layout-spec.md §8, as data. Expected values are the spec's numbers (written as the
/// exact fractions where the spec rounds, e.g. 1600/9 for "177.78").
enum SpecVectors {
    static let imgA = Size(width: 4032, height: 3024)   // landscape 4:3
    static let imgP = Size(width: 3024, height: 4032)   // portrait 3:4
    static let imgS = Size(width: 1000, height: 1000)   // square
    static let imgW = Size(width: 6000, height: 1000)   // panorama 6:1
    static let image100x50 = Size(width: 100, height: 50)
    static let image101x92 = Size(width: 101, height: 92)
    /// §8.6 setup: grid and detail container at global (0, 100), 393×759.
    static let container = Rect(x: 0, y: 100, width: 393, height: 759)

    static func p(_ w: Double?, _ h: Double?) -> ProposedSize { ProposedSize(width: w, height: h) }
    static func size(_ w: Double, _ h: Double) -> Size { Size(width: w, height: h) }
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
    static func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    static let fillFrame = LayoutView.resizableImage(natural: imgA).aspectRatio(contentMode: .fill)

    static let all: [SpecVector] = [
        // §8.1 Leaf views and proposals
        .init(id: 1, title: "Color proposed (nil, nil)", input: .view(.shape, p(nil, nil)), expected: .size(size(10, 10))),
        .init(id: 2, title: "Rectangle proposed (50, nil)", input: .view(.shape, p(50, nil)), expected: .size(size(50, 10))),
        .init(id: 3, title: "Rectangle proposed (0, 0)", input: .view(.shape, p(0, 0)), expected: .size(size(0, 0))),
        .init(id: 4, title: "resizable 100×50 proposed (nil, nil)",
              input: .view(.resizableImage(natural: image100x50), p(nil, nil)), expected: .size(size(100, 50))),
        .init(id: 5, title: "resizable 100×50 proposed (320, nil)",
              input: .view(.resizableImage(natural: image100x50), p(320, nil)), expected: .size(size(320, 50))),
        .init(id: 6, title: "resizable 100×50 proposed (320, 480)",
              input: .view(.resizableImage(natural: image100x50), p(320, 480)), expected: .size(size(320, 480))),
        .init(id: 7, title: "non-resizable 101×92 proposed (200, 200)",
              input: .view(.image(natural: image101x92), p(200, 200)), expected: .size(size(101, 92))),
        .init(id: 8, title: "non-resizable 101×92 .frame(width: 200, height: 200)",
              input: .view(LayoutView.image(natural: image101x92).frame(width: 200, height: 200), p(nil, nil)),
              expected: .size(size(200, 200), childOrigin: point(49.5, 54))),

        // §8.2 aspectRatio
        .init(id: 9, title: "Color.aspectRatio(16/9, .fit) proposed 100×100",
              input: .view(LayoutView.shape.aspectRatio(16.0 / 9.0, contentMode: .fit), p(100, 100)),
              expected: .size(size(100, 56.25), childProposal: p(100, 56.25))),
        .init(id: 10, title: "Color.aspectRatio(16/9, .fill) proposed 100×100",
              input: .view(LayoutView.shape.aspectRatio(16.0 / 9.0, contentMode: .fill), p(100, 100)),
              expected: .size(size(1600.0 / 9.0, 100), childProposal: p(1600.0 / 9.0, 100))),
        .init(id: 11, title: "resizable 100×50 .aspectRatio(contentMode: .fit) proposed 320×480",
              input: .view(LayoutView.resizableImage(natural: image100x50).aspectRatio(contentMode: .fit), p(320, 480)),
              expected: .size(size(320, 160), childProposal: p(320, 160))),
        .init(id: 12, title: "resizable 100×50 .aspectRatio(contentMode: .fill) proposed 320×480",
              input: .view(LayoutView.resizableImage(natural: image100x50).aspectRatio(contentMode: .fill), p(320, 480)),
              expected: .size(size(960, 480), childProposal: p(960, 480))),
        .init(id: 13, title: "Color.aspectRatio(nil, .fit) proposed 320×480",
              input: .view(LayoutView.shape.aspectRatio(nil, contentMode: .fit), p(320, 480)),
              expected: .size(size(320, 320), childProposal: p(320, 320))),
        .init(id: 14, title: "Color.aspectRatio(1, .fit) proposed (129, nil)",
              input: .view(LayoutView.shape.aspectRatio(1, contentMode: .fit), p(129, nil)),
              expected: .size(size(129, 129), childProposal: p(129, 129))),
        .init(id: 15, title: "Color.aspectRatio(16/9, .fit) proposed (nil, nil)",
              input: .view(LayoutView.shape.aspectRatio(16.0 / 9.0, contentMode: .fit), p(nil, nil)),
              expected: .size(size(10, 10), childProposal: p(nil, nil))),
        .init(id: 16, title: "non-resizable 101×92 .aspectRatio(1, .fit) proposed 200×300",
              input: .view(LayoutView.image(natural: image101x92).aspectRatio(1, contentMode: .fit), p(200, 300)),
              expected: .size(size(101, 92), childProposal: p(200, 200))),
        .init(id: 17, title: "Color.aspectRatio(2, .fit) proposed (∞, 100)",
              input: .view(LayoutView.shape.aspectRatio(2, contentMode: .fit), p(.infinity, 100)),
              expected: .size(size(200, 100), childProposal: p(200, 100))),

        // §8.3 Frames
        .init(id: 19, title: "frame(0…∞, 0…∞) proposed 129×129, child = fill image A",
              input: .view(fillFrame.frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity), p(129, 129)),
              expected: .size(size(129, 129), childOrigin: point(-21.5, 0))),
        .init(id: 20, title: "frame(0…∞, 0…∞) proposed (129, nil), child = resizable img A",
              input: .view(LayoutView.resizableImage(natural: imgA)
                .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity), p(129, nil)),
              expected: .size(size(129, 3024), childProposal: p(129, nil))),
        .init(id: 21, title: "frame(0…∞, 0…∞) proposed (nil, nil), child = resizable 100×50",
              input: .view(LayoutView.resizableImage(natural: image100x50)
                .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity), p(nil, nil)),
              expected: .size(size(100, 50))),
        .init(id: 22, title: "non-resizable 50×20 .frame(maxWidth: 100) proposed (200, 40)",
              input: .view(LayoutView.image(natural: size(50, 20)).frame(maxWidth: 100), p(200, 40)),
              expected: .size(size(100, 20), childProposal: p(100, 40), childOrigin: point(25, 0))),
        .init(id: 23, title: "non-resizable 50×20 .frame(minWidth: 100) proposed (80, 40)",
              input: .view(LayoutView.image(natural: size(50, 20)).frame(minWidth: 100), p(80, 40)),
              expected: .size(size(100, 20), childOrigin: point(25, 0))),
        .init(id: 24, title: "non-resizable 300×20 .frame(minWidth: 100) proposed (200, 40)",
              input: .view(LayoutView.image(natural: size(300, 20)).frame(minWidth: 100), p(200, 40)),
              expected: .size(size(200, 20), childOrigin: point(-50, 0))),
        .init(id: 25, title: "Color.frame(idealWidth: 150) proposed (nil, nil)",
              input: .view(LayoutView.shape.frame(idealWidth: 150), p(nil, nil)),
              expected: .size(size(150, 10), childProposal: p(150, nil))),
        .init(id: 26, title: "Color.frame(height: 100) proposed (393, nil)",
              input: .view(LayoutView.shape.frame(height: 100), p(393, nil)),
              expected: .size(size(393, 100), childProposal: p(393, 100))),

        // §8.4 LazyVGrid columns (photo grid = adaptive(minimum: 100), spacing 3)
        .init(id: 27, title: "photo grid, W = 393", input: .columns([.photoGrid], width: 393),
              expected: .tracks(widths: [129, 129, 129], x: [0, 132, 264])),
        .init(id: 28, title: "photo grid, W = 390", input: .columns([.photoGrid], width: 390),
              expected: .tracks(widths: [128, 128, 128], x: [0, 131, 262])),
        .init(id: 29, title: "photo grid, W = 428", input: .columns([.photoGrid], width: 428),
              expected: .tracks(widths: [104.75, 104.75, 104.75, 104.75], x: [0, 107.75, 215.5, 323.25])),
        .init(id: 30, title: "photo grid, W = 375", input: .columns([.photoGrid], width: 375),
              expected: .tracks(widths: [123, 123, 123], x: [0, 126, 252])),
        .init(id: 31, title: "photo grid, W = 320", input: .columns([.photoGrid], width: 320),
              expected: .tracks(widths: [314.0 / 3, 314.0 / 3, 314.0 / 3], x: [0, 323.0 / 3, 646.0 / 3])),
        .init(id: 32, title: "photo grid, W = 1024", input: .columns([.photoGrid], width: 1024),
              expected: .tracks(widths: Array(repeating: 1000.0 / 9, count: 9))),
        .init(id: 33, title: "photo grid, W = 200", input: .columns([.photoGrid], width: 200),
              expected: .tracks(widths: [200], x: [0])),
        .init(id: 34, title: "photo grid, W = 90 (below the minimum)", input: .columns([.photoGrid], width: 90),
              expected: .tracks(widths: [90], x: [0])),
        .init(id: 36, title: "[.flexible(minimum: 140), .adaptive(minimum: 70)], W = 200",
              input: .columns([GridItem(.flexible(minimum: 140, maximum: .infinity)), GridItem(.adaptive(minimum: 70))], width: 200),
              expected: .tracks(widths: [140, 52], x: [0, 148])),

        // §8.5 Grid content, cells
        .init(id: 42, title: "photo grid W = 393, 10 items", input: .photoGrid(width: 393, count: 10, image: imgA),
              expected: .grid(rows: 4, contentHeight: 525, cells: [9: rect(0, 396, 129, 129), 4: rect(132, 132, 129, 129)])),
        .init(id: 45, title: "cell s = 129, img A", input: .photoCell(side: 129, image: imgA),
              expected: .cell(image: rect(-21.5, 0, 172, 129), clip: rect(0, 0, 129, 129), crop: rect(504, 0, 3024, 3024), size: size(129, 129))),
        .init(id: 47, title: "cell s = 129, img S", input: .photoCell(side: 129, image: imgS),
              expected: .cell(image: rect(0, 0, 129, 129), clip: rect(0, 0, 129, 129), crop: rect(0, 0, 1000, 1000), size: size(129, 129))),
        .init(id: 49, title: "any cell (img W 6:1), outermost size s × s", input: .photoCell(side: 129, image: imgW),
              expected: .cell(image: rect(-322.5, 0, 774, 129), clip: rect(0, 0, 129, 129), crop: rect(2500, 0, 1000, 1000), size: size(129, 129))),

        // §8.6 Detail view (grid and container at global (0, 100), 393×759, offset 0, item 4)
        .init(id: 52, title: "detail fit rect R1 (global), img A", input: .detail(index: 4, image: imgA, container: container),
              expected: .detail(fit: rect(0, 332.125, 393, 294.75), center: point(196.5, 479.5))),
        .init(id: 53, title: "detail fit rect for img P, container-local",
              input: .detail(index: 4, image: imgP, container: rect(0, 0, 393, 759)),
              expected: .detail(fit: rect(0, 117.5, 393, 524), center: point(196.5, 379.5))),

        // §8.7 Drag
        .init(id: 58, title: "translation (0, 200)", input: .drag(index: 4, image: imgA, container: container, translation: point(0, 200)),
              expected: .drag(scale: 0.8, gridOpacity: 0.26, rendered: rect(39.3, 521.6, 314.4, 235.8))),
        .init(id: 59, title: "translation (0, −50)", input: .drag(index: 4, image: imgA, container: container, translation: point(0, -50)),
              expected: .drag(scale: 1, gridOpacity: 0, rendered: rect(0, 282.125, 393, 294.75))),
        .init(id: 61, title: "samples (t=0 s, ty=100), (t=0.016 s, ty=110)",
              input: .dragRelease(index: 4, image: imgA, container: container, samples: [
                DragSample(time: 0, translation: point(0, 100)), DragSample(time: 0.016, translation: point(0, 110))]),
              expected: .release(velocity: point(0, 625), shouldClose: true, target: point(196.5, 296.5))),
        .init(id: 63, title: "velocity (0, −10) at release",
              input: .releaseVelocity(index: 4, image: imgA, container: container, translation: point(0, 50), velocity: point(0, -10)),
              expected: .release(velocity: nil, shouldClose: false, target: point(196.5, 479.5))),
    ]
}
