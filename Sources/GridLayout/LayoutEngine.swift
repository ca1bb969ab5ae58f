/// Evaluates a `LayoutView` tree: sizes flow up from proposals, then every view is placed.
///
/// Each node delegates to the pure rule of its kind (`LeafSizing`, `AspectRatioLayout`,
/// `ConditionalAspectRatioLayout`, `FixedFrameLayout`, `FlexibleFrameLayout`, `ZStackLayout`,
/// `ScrollViewLayout`, `LazyVGridLayout`); the engine only composes them.
public enum LayoutEngine {
    /// The size `view` chooses for `proposal` (SwiftUI's `sizeThatFits`).
    public static func sizeThatFits(_ view: LayoutView, _ proposal: ProposedSize) -> Size {
        switch view {
        case let .resizableImage(natural):
            return LeafSizing.resizableImage(proposal, natural: natural)
        case let .image(natural):
            return LeafSizing.fixedImage(proposal, natural: natural)
        case .shape:
            return LeafSizing.shape(proposal)
        case let .aspectRatio(ratio, mode, child):
            return sizeThatFits(child, aspectChildProposal(proposal, ratio: ratio, mode: mode, child: child))
        case let .conditionalAspectRatio(layout, child):
            return sizeThatFits(child, layout.childProposal(proposal) { sizeThatFits(child, .unspecified) })
        case let .fixedFrame(layout, child):
            return layout.size(proposal) { sizeThatFits(child, $0) }
        case let .flexibleFrame(layout, child):
            return layout.size(proposal) { sizeThatFits(child, $0) }
        case let .clipped(child):
            return sizeThatFits(child, proposal)
        case let .zStack(_, children):
            return ZStackLayout.size(proposal, children: children.map { child in { sizeThatFits(child, $0) } })
        case let .scrollView(content):
            return ScrollViewLayout.size(proposal, content: sizeThatFits(content, ScrollViewLayout.contentProposal(proposal)))
        case let .lazyVGrid(grid, cells):
            let tracks = grid.tracks(proposedWidth: proposal.width)
            let rows = gridRows(grid, tracks: tracks, cells: cells)
            return Size(width: GridColumns.reportedWidth(proposed: grid.resolvedWidth(proposal.width), tracks: tracks),
                        height: rows.contentHeight)
        }
    }

    /// Places `view`, proposed `proposal`, with its top-left corner at `origin`.
    public static func place(_ view: LayoutView, proposal: ProposedSize, at origin: Point = .zero) -> PlacedView {
        place(view, proposal: proposal, at: origin, size: sizeThatFits(view, proposal))
    }

    /// Places `view` whose size for `proposal` is already known.
    static func place(_ view: LayoutView, proposal: ProposedSize, at origin: Point, size: Size) -> PlacedView {
        let frame = Rect(origin: origin, size: size)
        switch view {
        case .resizableImage:
            return PlacedView(kind: .resizableImage, proposal: proposal, frame: frame)
        case .image:
            return PlacedView(kind: .image, proposal: proposal, frame: frame)
        case .shape:
            return PlacedView(kind: .shape, proposal: proposal, frame: frame)
        case let .aspectRatio(ratio, mode, child):
            let childProposal = aspectChildProposal(proposal, ratio: ratio, mode: mode, child: child)
            return PlacedView(kind: .aspectRatio, proposal: proposal, frame: frame,
                              children: [placeAligned(child, childProposal, in: frame, .center)])
        case let .conditionalAspectRatio(layout, child):
            let childProposal = layout.childProposal(proposal) { sizeThatFits(child, .unspecified) }
            return PlacedView(kind: .conditionalAspectRatio, proposal: proposal, frame: frame,
                              children: [placeAligned(child, childProposal, in: frame, .center)])
        case let .fixedFrame(layout, child):
            return PlacedView(kind: .fixedFrame, proposal: proposal, frame: frame,
                              children: [placeAligned(child, layout.childProposal(proposal), in: frame, layout.alignment)])
        case let .flexibleFrame(layout, child):
            let childProposal = layout.placementProposal(proposal, frameSize: size)
            return PlacedView(kind: .flexibleFrame, proposal: proposal, frame: frame,
                              children: [placeAligned(child, childProposal, in: frame, layout.alignment)])
        case let .clipped(child):
            return PlacedView(kind: .clipped, proposal: proposal, frame: frame, clip: frame,
                              children: [place(child, proposal: proposal, at: origin, size: size)])
        case let .zStack(alignment, children):
            let childProposal = ZStackLayout.placementProposal(stackSize: size)
            return PlacedView(kind: .zStack, proposal: proposal, frame: frame,
                              children: children.map { placeAligned($0, childProposal, in: frame, alignment) })
        case let .scrollView(content):
            return PlacedView(kind: .scrollView, proposal: proposal, frame: frame,
                              children: [place(content, proposal: ScrollViewLayout.contentProposal(proposal), at: origin)])
        case let .lazyVGrid(grid, cells):
            let tracks = grid.tracks(proposedWidth: proposal.width)
            let rows = gridRows(grid, tracks: tracks, cells: cells)
            var placed: [PlacedView] = []
            placed.reserveCapacity(cells.count)
            for (i, cell) in cells.enumerated() {
                let track = tracks[i % tracks.count], r = i / tracks.count
                let slot = Rect(x: origin.x + track.x, y: origin.y + rows.origins[r], width: track.width, height: rows.heights[r])
                placed.append(placeInSlot(cell, slot: slot, alignment: track.alignment))
            }
            return PlacedView(kind: .lazyVGrid, proposal: proposal, frame: frame, children: placed)
        }
    }

    /// The proposal a single-child view passes to its child when it is measured with `proposal`
    /// (`nil` for leaves and multi-child containers).
    public static func childProposal(_ view: LayoutView, _ proposal: ProposedSize) -> ProposedSize? {
        switch view {
        case .resizableImage, .image, .shape, .zStack, .lazyVGrid:
            return nil
        case let .aspectRatio(ratio, mode, child):
            return aspectChildProposal(proposal, ratio: ratio, mode: mode, child: child)
        case let .conditionalAspectRatio(layout, child):
            return layout.childProposal(proposal) { sizeThatFits(child, .unspecified) }
        case let .fixedFrame(layout, _):
            return layout.childProposal(proposal)
        case let .flexibleFrame(layout, _):
            return layout.childProposal(proposal)
        case .clipped:
            return proposal
        case .scrollView:
            return ScrollViewLayout.contentProposal(proposal)
        }
    }

    /// Places a grid cell in its slot: proposed `(slot width, slot height)` and aligned (docs/layout-spec.md §5.3 [M]).
    public static func placeInSlot(_ cell: LayoutView, slot: Rect, alignment: Alignment) -> PlacedView {
        placeAligned(cell, ProposedSize(slot.size), in: slot, alignment)
    }

    /// The height of a grid cell proposed `(trackWidth, nil)`.
    public static func cellHeight(_ cell: LayoutView, trackWidth: Double) -> Double {
        sizeThatFits(cell, ProposedSize(width: trackWidth, height: nil)).height
    }

    static func gridRows(_ grid: LazyVGridLayout, tracks: [GridTrack], cells: [LayoutView]) -> GridRows {
        grid.rows(count: tracks.isEmpty ? 0 : cells.count, columnCount: tracks.count) { i in
            cellHeight(cells[i], trackWidth: tracks[i % tracks.count].width)
        }
    }

    static func placeAligned(_ child: LayoutView, _ proposal: ProposedSize, in container: Rect, _ alignment: Alignment) -> PlacedView {
        let childSize = sizeThatFits(child, proposal)
        let origin = container.origin + alignment.childOrigin(container: container.size, child: childSize)
        return place(child, proposal: proposal, at: origin, size: childSize)
    }

    static func aspectChildProposal(_ proposal: ProposedSize, ratio: Double?, mode: ContentMode, child: LayoutView) -> ProposedSize {
        let ratioSize = AspectRatioLayout.ratioSize(ratio: ratio) { sizeThatFits(child, .unspecified) }
        return AspectRatioLayout.childProposal(proposal, ratioSize: ratioSize, contentMode: mode)
    }
}
