import PhotoGridSupport
public import GridLayout

/// The justified-rows options of a layout question (`--justified` and its flags, docs/commands.md), as
/// given: `configuration(width:)` checks them and makes the engine's `JustifiedConfiguration`.
///
/// Defaults (unset flags): row height 100 points below a 600-point width (a phone: about three photos a
/// row at 393, as the square grid's three columns) and 235 from 600 on (a desktop: four or five at
/// 1280); tolerance 0.25 (the library's); spacing 3 both ways (the square grid's gap); no padding (the
/// square grid's edge); widows left; no row limit, no breakout rows, no forced ratio.
public struct JustifiedRequest: Sendable, Hashable {
    /// `--row-height`: the target row height in points; nil for the default by width.
    public var rowHeight: Double?
    public var rowHeightTolerance: Double
    /// `--spacing H[,V]`; nil for 3.
    public var spacing: String?
    /// `--padding P | T,R,B,L`; nil for 0.
    public var padding: String?
    public var maxRows: Int?
    /// `left`, `justify`, `center` or `hide`.
    public var widows: String
    public var breakoutEvery: Int?
    /// `--aspect-ratio`: one ratio (width / height) for every photo.
    public var aspectRatio: Double?

    public init(rowHeight: Double? = nil, rowHeightTolerance: Double = 0.25, spacing: String? = nil, padding: String? = nil,
                maxRows: Int? = nil, widows: String = "left", breakoutEvery: Int? = nil, aspectRatio: Double? = nil) {
        self.rowHeight = rowHeight
        self.rowHeightTolerance = rowHeightTolerance
        self.spacing = spacing
        self.padding = padding
        self.maxRows = maxRows
        self.widows = widows
        self.breakoutEvery = breakoutEvery
        self.aspectRatio = aspectRatio
    }

    /// The target row height when none is given: 100 points below a 600-point width, else 235.
    public static func defaultRowHeight(width: Double) -> Double { width < 600 ? 100 : 235 }
    /// The spacing when none is given, both ways.
    public static let defaultSpacing = 3.0
    /// The most rows, and the largest breakout cadence, a question may give.
    public static let maximumCount = 1_000_000

    /// Widow styles as the flag spells them: the library's three, and `hide` (`showWidows = false`).
    public static let widowStyles = ["left", "justify", "center", "hide"]

    /// The engine's options for a grid `width` points wide; a usage error naming the flag for a bad value.
    public func configuration(width: Double) throws(UsageError) -> JustifiedConfiguration {
        let limit = GalleryLayout.maximumExtent
        let target = rowHeight ?? Self.defaultRowHeight(width: width)
        guard target.isFinite, target >= 1, target <= limit else {
            throw UsageError(option: "row-height", "must be a number from 1 to 1,000,000 points (got \(target))")
        }
        guard rowHeightTolerance.isFinite, rowHeightTolerance >= 0, rowHeightTolerance <= 100 else {
            throw UsageError(option: "row-height-tolerance", "must be a number from 0 to 100 (a fraction of the row height; got \(rowHeightTolerance))")
        }
        let gaps = try Self.numbers(spacing, option: "spacing", counts: [1, 2], form: "H or H,V") ?? [Self.defaultSpacing]
        let sides = try Self.numbers(padding, option: "padding", counts: [1, 4], form: "P or T,R,B,L") ?? [0]
        let pad = sides.count == 4 ? JustifiedPadding(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3]) : JustifiedPadding(sides[0])
        guard pad.left + pad.right < width else {
            throw UsageError(option: "padding", "leaves no room for a row: left and right (\(pad.left + pad.right)) must be less than the width \(width)")
        }
        for (value, option) in [(maxRows, "max-rows"), (breakoutEvery, "breakout-every")] {
            if let value, value < 0 || value > Self.maximumCount {
                throw UsageError(option: option, "must be a whole number from 0 to 1,000,000 (got \(value))")
            }
        }
        guard Self.widowStyles.contains(widows) else {
            throw UsageError(option: "widows", separator: ": ", "'\(widows)' is not one of \(Self.widowStyles.joined(separator: ", "))")
        }
        if let ratio = aspectRatio, !(ratio.isFinite && ratio >= 0.001 && ratio <= 1000) {
            throw UsageError(option: "aspect-ratio", "must be a number from 0.001 to 1,000 (width / height; got \(ratio))")
        }
        return JustifiedConfiguration(
            containerWidth: width, containerPadding: pad,
            boxSpacing: JustifiedSpacing(horizontal: gaps[0], vertical: gaps.count == 2 ? gaps[1] : gaps[0]),
            targetRowHeight: target, targetRowHeightTolerance: rowHeightTolerance, maxNumRows: maxRows,
            forceAspectRatio: aspectRatio, showWidows: widows != "hide", fullWidthBreakoutRowCadence: breakoutEvery,
            widowLayoutStyle: JustifiedWidowLayoutStyle(rawValue: widows) ?? .left)
    }

    /// `text` as comma-separated numbers from 0 to 1,000,000, as many as one of `counts`; nil when absent.
    static func numbers(_ text: String?, option: String, counts: [Int], form: String) throws(UsageError) -> [Double]? {
        guard let text else { return nil }
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { ColumnsSpec.number(String($0)) }
        guard counts.contains(values.count), values.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 && $0 <= GalleryLayout.maximumExtent } ?? false }) else {
            throw UsageError(option: option, separator: ": ", "'\(text)' is not \(form) with numbers from 0 to 1,000,000 points")
        }
        return values.compactMap { $0 }
    }
}
