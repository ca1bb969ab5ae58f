/// The options of a justified layout, with flickr/justified-layout 4.1.0's names and defaults.
///
/// Source: flickr/justified-layout 4.1.0 (commit 9d4db49c) lib/index.js `module.exports` (the defaults
/// and how `containerPadding` / `boxSpacing` are split per side). Every field keeps the library's name.
public struct JustifiedConfiguration: Sendable, Hashable {
    /// Width of the container, padding included (`containerWidth`, default 1060).
    public var containerWidth: Double
    /// Padding inside the container, per side (`containerPadding`, default 10 on every side).
    public var containerPadding: JustifiedPadding
    /// Gaps between boxes in a row and between rows (`boxSpacing`, default 10 both ways).
    public var boxSpacing: JustifiedSpacing
    /// The height rows aim for (`targetRowHeight`, default 320).
    public var targetRowHeight: Double
    /// How far a row's height may stray from the target, as a fraction (`targetRowHeightTolerance`, default 0.25).
    public var targetRowHeightTolerance: Double
    /// The most rows laid out; `nil` for no limit (`maxNumRows`, default ∞).
    public var maxNumRows: Int?
    /// One aspect ratio for every box; `nil`, 0 and NaN force nothing (`forceAspectRatio`, default false; JS truthiness).
    public var forceAspectRatio: Double?
    /// Whether the photos left over after the last full row are laid out (`showWidows`, default true).
    public var showWidows: Bool
    /// Every Nth row opens as a full-width breakout row; `nil` or 0 for none (`fullWidthBreakoutRowCadence`, default false).
    public var fullWidthBreakoutRowCadence: Int?
    /// How the widow row is placed (`widowLayoutStyle`, default left).
    public var widowLayoutStyle: JustifiedWidowLayoutStyle

    public init(containerWidth: Double = 1060, containerPadding: JustifiedPadding = JustifiedPadding(10),
                boxSpacing: JustifiedSpacing = JustifiedSpacing(10), targetRowHeight: Double = 320,
                targetRowHeightTolerance: Double = 0.25, maxNumRows: Int? = nil, forceAspectRatio: Double? = nil,
                showWidows: Bool = true, fullWidthBreakoutRowCadence: Int? = nil,
                widowLayoutStyle: JustifiedWidowLayoutStyle = .left) {
        self.containerWidth = containerWidth
        self.containerPadding = containerPadding
        self.boxSpacing = boxSpacing
        self.targetRowHeight = targetRowHeight
        self.targetRowHeightTolerance = targetRowHeightTolerance
        self.maxNumRows = maxNumRows
        self.forceAspectRatio = forceAspectRatio
        self.showWidows = showWidows
        self.fullWidthBreakoutRowCadence = fullWidthBreakoutRowCadence
        self.widowLayoutStyle = widowLayoutStyle
    }

    /// The library's defaults (lib/index.js `defaults`).
    public static let `default` = JustifiedConfiguration()

    /// The forced ratio when it is truthy in JavaScript (not 0, not NaN); lib/index.js `computeLayout`.
    var effectiveForcedAspectRatio: Double? {
        guard let ratio = forceAspectRatio, ratio != 0, !ratio.isNaN else { return nil }
        return ratio
    }

    /// Whether a row opened after `rowCount` rows is a breakout row; lib/index.js `createNewRow`.
    func opensBreakoutRow(after rowCount: Int) -> Bool {
        guard let cadence = fullWidthBreakoutRowCadence, cadence != 0 else { return false }
        return (rowCount + 1) % cadence == 0
    }
}

/// Container padding per side (`containerPadding`: a number, or `{top, right, bottom, left}`).
public struct JustifiedPadding: Sendable, Hashable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same padding on every side.
    public init(_ all: Double) { self.init(top: all, right: all, bottom: all, left: all) }
}

/// Spacing between boxes (`boxSpacing`: a number, or `{horizontal, vertical}`).
public struct JustifiedSpacing: Sendable, Hashable {
    /// Between boxes in a row.
    public var horizontal: Double
    /// Between rows.
    public var vertical: Double

    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The same spacing both ways.
    public init(_ both: Double) { self.init(horizontal: both, vertical: both) }
}

/// How the widow row is placed (`widowLayoutStyle`); lib/row.js `Row.completeLayout`.
///
/// The library treats any other string as `left`. Hiding widows is `showWidows = false`.
public enum JustifiedWidowLayoutStyle: String, Sendable, Hashable, CaseIterable {
    /// At the previous row's height, from the left edge.
    case left
    /// At the previous row's height, widths stretched so the row fills the width.
    case justify
    /// At the previous row's height, centred.
    case center
}
