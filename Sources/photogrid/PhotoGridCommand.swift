import ArgumentParser
import PhotoGrid

@main
struct PhotoGridCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photogrid",
        abstract: "The Photos-app grid on Linux: index photo folders, lay them out exactly as SwiftUI would, make thumbnails.",
        discussion: """
        The one command: `photogrid export ~/Pictures --out gallery` indexes the folder, makes the grid and \
        detail thumbnails, and writes layout.json and a picture of the first screen (grid.jpg) into gallery/.

        Step by step: `photogrid index ~/Pictures` reads every JPEG's size, EXIF orientation and date \
        (headers only, in parallel) into a SQLite library, photogrid.sqlite in the current directory unless \
        --db or $PHOTOGRID_DB says otherwise; rescans touch only what changed. `list` and `stats` show what \
        is in it; `thumbs` makes the thumbnails; `layout` and `detail` answer layout questions from the \
        library or from display pixel sizes (--sizes), in points, for SwiftUI's LazyVGrid of square \
        centre-cropped cells (adaptive:100/3, row spacing 3) unless --columns says otherwise; `render` draws \
        the viewport.

        Exit status: 0 on success (also when some files were bad: they are reported), 1 on a fatal \
        error, 64 on a usage error.
        """,
        subcommands: [IndexCommand.self, ListCommand.self, StatsCommand.self, ThumbsCommand.self, ExportCommand.self,
                      LayoutCommand.self, DetailCommand.self, RenderCommand.self]
    )
}
