import PhotoGrid
import PhotoLibrary

extension LibraryPicture.Summary {

    /// The line for people (numbers grouped as in every text line).
    var text: String {
        let grouped = CountText.grouped
        return "Rendered \(grouped(cells)) cell\(cells == 1 ? "" : "s") into \(ConsoleText.escaped(path)) "
            + "(\(pixelWidth)×\(pixelHeight) px).\n"
    }
}
