import ArgumentParser
import PhotoGrid

@main
struct PhotoGridCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photogrid",
        abstract: "The Photos-app grid on Linux: index photo folders, lay them out exactly as SwiftUI would, export thumbnails.",
        discussion: """
        Layout questions take display pixel sizes (--sizes) or an indexed library (--db, default \
        photogrid.sqlite in the current directory, or $PHOTOGRID_DB). Geometry is in points; the grid is \
        SwiftUI's LazyVGrid of square centre-cropped cells (adaptive:100/3, row spacing 3) unless --columns says otherwise.

        Exit status: 0 on success, 1 on a fatal error, 64 on a usage error.
        """,
        subcommands: [LayoutCommand.self, DetailCommand.self]
    )
}
