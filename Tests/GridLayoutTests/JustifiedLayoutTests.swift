import Foundation
import GridLayout
import Testing

/// One answer of flickr/justified-layout 4.1.0, from `Tests/JustifiedVectors/vectors.json`.
struct JustifiedVector: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let config: Config
    let input: [JSNumber]
    let expected: Expected?
    let error: String?

    var testDescription: String { name }

    /// The library's config object as written in the table (a number or an object for padding and spacing).
    struct Config: Decodable, Sendable {
        var containerWidth: Double?
        var containerPadding: Sides?
        var boxSpacing: Sides?
        var targetRowHeight: Double?
        var targetRowHeightTolerance: Double?
        var maxNumRows: Int?
        var forceAspectRatio: Double?
        var showWidows: Bool?
        var fullWidthBreakoutRowCadence: Int?
        var widowLayoutStyle: String?

        /// The same options as a `JustifiedConfiguration` (lib/index.js: a number means every side).
        var configuration: JustifiedConfiguration {
            var c = JustifiedConfiguration()
            if let containerWidth { c.containerWidth = containerWidth }
            if let p = containerPadding {
                c.containerPadding = JustifiedPadding(top: p.top ?? p.all, right: p.right ?? p.all,
                                                      bottom: p.bottom ?? p.all, left: p.left ?? p.all)
            }
            if let s = boxSpacing { c.boxSpacing = JustifiedSpacing(horizontal: s.horizontal ?? s.all, vertical: s.vertical ?? s.all) }
            if let targetRowHeight { c.targetRowHeight = targetRowHeight }
            if let targetRowHeightTolerance { c.targetRowHeightTolerance = targetRowHeightTolerance }
            c.maxNumRows = maxNumRows
            c.forceAspectRatio = forceAspectRatio
            if let showWidows { c.showWidows = showWidows }
            c.fullWidthBreakoutRowCadence = fullWidthBreakoutRowCadence
            if let widowLayoutStyle { c.widowLayoutStyle = JustifiedWidowLayoutStyle(rawValue: widowLayoutStyle) ?? .left }
            return c
        }
    }

    /// `10` or `{"top": 1, …}` / `{"horizontal": 1, …}`.
    struct Sides: Decodable, Sendable {
        var all = Double.nan
        var top, right, bottom, left, horizontal, vertical: Double?

        enum Keys: String, CodingKey { case top, right, bottom, left, horizontal, vertical }

        init(from decoder: any Decoder) throws {
            if let number = try? decoder.singleValueContainer().decode(Double.self) {
                all = number
                return
            }
            let c = try decoder.container(keyedBy: Keys.self)
            top = try c.decodeIfPresent(Double.self, forKey: .top)
            right = try c.decodeIfPresent(Double.self, forKey: .right)
            bottom = try c.decodeIfPresent(Double.self, forKey: .bottom)
            left = try c.decodeIfPresent(Double.self, forKey: .left)
            horizontal = try c.decodeIfPresent(Double.self, forKey: .horizontal)
            vertical = try c.decodeIfPresent(Double.self, forKey: .vertical)
        }
    }

    struct Expected: Decodable, Sendable {
        let containerHeight: JSNumber
        let widowCount: Int
        /// Whether the boxes carry `forcedAspectRatio: true` (false without boxes).
        let forcedAspectRatio: Bool
        /// `[aspectRatio, left, top, width, height]`.
        let boxes: [[JSNumber]]
    }
}

/// A JSON number, or one of the strings "NaN", "Infinity", "-Infinity".
struct JSNumber: Decodable, Sendable {
    let value: Double

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let number = try? c.decode(Double.self) {
            value = number
        } else {
            let text = try c.decode(String.self)
            guard let number = Double(text == "Infinity" ? "inf" : text == "-Infinity" ? "-inf" : text) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a number: \(text)")
            }
            value = number
        }
    }
}

/// The table, read once; `JUSTIFIED_VECTORS=FILE` reads another (`generate.js LIBRARY --random N SEED`).
enum JustifiedVectors {
    struct File: Decodable {
        let commit: String
        let vectors: [JustifiedVector]
    }

    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("JustifiedVectors/vectors.json")
    static let url = ProcessInfo.processInfo.environment["JUSTIFIED_VECTORS"].map { URL(fileURLWithPath: $0) } ?? committed

    static let file: File = {
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

@Suite("Justified rows: flickr/justified-layout 4.1.0 vectors")
struct JustifiedLayoutTests {
    static let tolerance = 0.01

    @Test("the table is the pinned library's and covers the options")
    func table() {
        #expect(JustifiedVectors.file.commit == "9d4db49cdbf45604c63a8b25293650af4fe952ab")
        guard JustifiedVectors.url == JustifiedVectors.committed else { return }
        #expect(JustifiedVectors.file.vectors.count >= 100)
        let configs = JustifiedVectors.file.vectors.map(\.config)
        let covered: [String: Bool] = [
            "containerWidth": configs.contains { $0.containerWidth != nil },
            "containerPadding (object)": configs.contains { $0.containerPadding?.top != nil },
            "boxSpacing (object)": configs.contains { $0.boxSpacing?.horizontal != nil },
            "targetRowHeight": configs.contains { $0.targetRowHeight != nil },
            "targetRowHeightTolerance": configs.contains { $0.targetRowHeightTolerance != nil },
            "maxNumRows": configs.contains { $0.maxNumRows != nil },
            "forceAspectRatio": configs.contains { $0.forceAspectRatio != nil },
            "showWidows": configs.contains { $0.showWidows == false },
            "fullWidthBreakoutRowCadence": configs.contains { $0.fullWidthBreakoutRowCadence != nil },
            "widowLayoutStyle": Set(configs.compactMap(\.widowLayoutStyle)) == ["left", "justify", "center"],
        ]
        #expect(covered.filter { !$0.value }.isEmpty, "options not covered: \(covered.filter { !$0.value }.keys.sorted())")
    }

    @Test("vector", arguments: JustifiedVectors.file.vectors)
    func vector(_ v: JustifiedVector) throws {
        let input = v.input.map(\.value)
        let configuration = v.config.configuration
        if let message = v.error {
            #expect(throws: JustifiedLayoutError.self) { try JustifiedLayout.layout(aspectRatios: input, configuration: configuration) }
            do {
                _ = try JustifiedLayout.layout(aspectRatios: input, configuration: configuration)
            } catch {
                #expect(error.description == message)
            }
            return
        }
        let expected = try #require(v.expected)
        let result = try JustifiedLayout.layout(aspectRatios: input, configuration: configuration)
        #expect(same(result.containerHeight, expected.containerHeight.value, tolerance: 0), "containerHeight")
        #expect(result.widowCount == expected.widowCount)
        if !expected.boxes.isEmpty { #expect(result.aspectRatioForced == expected.forcedAspectRatio) }
        try #require(result.boxes.count == expected.boxes.count)
        for (i, (box, e)) in zip(result.boxes, expected.boxes).enumerated() {
            let actual = [box.aspectRatio, box.frame.x, box.frame.y, box.frame.width, box.frame.height]
            let names = ["aspectRatio", "left", "top", "width", "height"]
            for k in 0..<5 {
                #expect(same(actual[k], e[k].value, tolerance: Self.tolerance), "box \(i) \(names[k]): \(actual[k]) vs \(e[k].value)")
            }
        }
        // The rows partition the boxes, top to bottom.
        #expect(result.rows.map(\.boxes.count).reduce(0, +) == result.boxes.count)
        for row in result.rows {
            for b in row.boxes { #expect(same(result.boxes[b].frame.y, row.top, tolerance: 0)) }
        }
    }

    @Test("boxes name their input item; the forced ratio replaces every ratio")
    func indices() throws {
        let ratios = (0..<50).map { 0.5 + Double($0 % 7) * 0.25 }
        let result = try JustifiedLayout.layout(aspectRatios: ratios)
        #expect(result.boxes.map(\.index) == Array(0..<50))
        #expect(result.boxes.map(\.aspectRatio) == ratios)
        let forced = try JustifiedLayout.layout(aspectRatios: ratios, configuration: JustifiedConfiguration(forceAspectRatio: 1))
        #expect(forced.boxes.allSatisfy { $0.aspectRatio == 1 })
    }

    @Test("docs/layout-engine.md's example: rows partition the boxes, a panorama fills its row")
    func documentedExample() throws {
        var options = JustifiedConfiguration()
        options.containerWidth = 1200
        options.boxSpacing = JustifiedSpacing(horizontal: 4, vertical: 8)
        options.widowLayoutStyle = .center
        let result = try JustifiedLayout.layout(aspectRatios: [1.5, 0.75, 1.333, 1, 10], configuration: options)
        #expect(result.boxes.count == 5)
        #expect(result.rows.map(\.boxes) == [0..<3, 3..<4, 4..<5])
        #expect(result.rows[1].height == 640)      // a lone square clamped to twice the target
        #expect(result.boxes[4].frame == Rect(x: 10, y: result.rows[2].top, width: 1180, height: 160))
        #expect(result.widowCount == 0)
        #expect(abs(result.containerHeight - (result.rows[2].top + 160 + 10)) < 1e-9)
    }

    /// Equal within `tolerance`, NaN equal to NaN, infinities equal to themselves.
    func same(_ a: Double, _ b: Double, tolerance: Double) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        if a.isInfinite || b.isInfinite { return a == b }
        return abs(a - b) <= tolerance
    }
}
