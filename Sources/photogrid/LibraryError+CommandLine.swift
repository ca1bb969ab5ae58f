import PhotoGrid
import PhotoLibrary

extension LibraryError {
    /// The error's line as the command line prints it: the library's message and, where the user can
    /// do something about it, what to run or which flag to pass.
    var commandLineMessage: String {
        switch self {
        case .noDatabase:
            return "\(self) (run `photogrid index <folder>` first, or pass --db)"
        case .notAPhotoGridDatabase, .notADatabase:
            return "\(self) (use another --db)"
        case .schemaTooNew:
            return "\(self); use a newer photogrid or another --db"
        case let .differentFolder(_, folder, rootExists):
            if rootExists {
                return "\(self): use another library (--db, or another export --out), "
                    + "or run `photogrid index \(folder) --move-root` to move it there"
            }
            return "\(self): if its photos are now in \(folder), "
                + "run `photogrid index \(folder) --move-root` (same relative paths keep their rows)"
        case .connectionLost:
            return "\(self); run the command again (what was written before is kept)"
        case .libraryFolderGone:
            return "\(self); run `photogrid index <its new place> --move-root`"
        default:
            return "\(self)"
        }
    }
}

/// The one line the command line prints for one of PhotoGrid's errors: usage errors name their flag
/// (`--width`), library errors — also inside the errors that carry them — say what to run or pass; nil
/// for an error PhotoGrid does not know (its own description is printed then).
func photoGridMessage(for error: any Error) -> String? {
    switch error {
    case let error as UsageError: return error.commandLineMessage
    case let error as LibraryError: return error.commandLineMessage
    case let ThumbnailsError.library(error): return error.commandLineMessage
    case let GalleryLoadError<LibraryError>.load(error?, _): return error.commandLineMessage
    default: return nil
    }
}
