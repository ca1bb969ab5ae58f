import ArgumentParser
import PhotoGrid

@main
struct PhotoGridCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photogrid",
        abstract: "The Photos-app grid on Linux: index photo folders, lay them out exactly as SwiftUI would, make thumbnails.",
        discussion: """
        Start with `photogrid index ~/Pictures`: it reads every JPEG's size, EXIF orientation and date \
        (headers only, in parallel) into a SQLite library, photogrid.sqlite in the current directory \
        unless --db or $PHOTOGRID_DB says otherwise. Rescans touch only what changed. `photogrid list` and \
        `photogrid stats` show what is in it; `photogrid thumbs` makes the grid's thumbnails. Layout questions (`layout`, `detail`) take display pixel sizes \
        (--sizes) or the library; geometry is in points, for SwiftUI's LazyVGrid of square centre-cropped \
        cells (adaptive:100/3, row spacing 3) unless --columns says otherwise.

        Exit status: 0 on success (also when some files were bad: they are reported), 1 on a fatal \
        error, 64 on a usage error.
        """,
        subcommands: [IndexCommand.self, ListCommand.self, StatsCommand.self, ThumbsCommand.self, ExportCommand.self,
                      LayoutCommand.self, DetailCommand.self, RenderCommand.self]
    )
}
