import PhotoLibrary
import PhotoGridSupport
import Platform

/// The file `photogrid export` leaves in its output folder to name the files it wrote there, so
/// that an index of a folder holding the export (or the export folder itself) skips them.
///
/// `.photogrid-export` holds a signature line, then one name per line: the files and folders of
/// that folder that are PhotoGrid's outputs. The walker skips exactly those entries of a folder
/// with a valid marker (and the marker itself): anything else in the folder is still indexed.
public enum ExportMarker {
    /// The marker's file name (hidden: file managers do not show it).
    public static let fileName = ".photogrid-export"
    /// The first line of a marker.
    static let signature = "PhotoGrid export folder: the names below are PhotoGrid's outputs, not photos."
    /// The largest marker read (a marker is a few hundred bytes).
    static let maximumSize = 4096

    /// The outputs of an export folder whose library is `databaseName`.
    public static func outputs(databaseName: String) -> [String] {
        [fileName, "layout.json", "grid.jpg", LibraryLocation.thumbnailFolderName] + LibraryLocation.sqliteFile(databaseName).files
    }

    /// The marker's text for `outputs`.
    public static func contents(outputs: [String]) -> String {
        ([signature] + outputs).joined(separator: "\n") + "\n"
    }

    /// The output names listed by the marker in the open folder `descriptor`; nil when there is no
    /// valid marker (one failed `openat` for an ordinary folder).
    static func outputs(inFolder descriptor: Int32) -> Set<[UInt8]>? {
        let marker = openat(descriptor, fileName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard marker >= 0 else { return nil }
        defer { close(marker) }
        var bytes = [UInt8](repeating: 0, count: maximumSize)
        let count = bytes.withUnsafeMutableBytes { (try? ReadOnlyFile.read(marker, into: $0, at: 0)) ?? -1 }
        guard count > 0 else { return nil }
        let lines = bytes[..<count].split(separator: UInt8(ascii: "\n")).map(Array.init)
        guard lines.first == Array(signature.utf8) else { return nil }
        return Set(lines.dropFirst().filter { !$0.isEmpty && !$0.contains(UInt8(ascii: "/")) })
    }
}
