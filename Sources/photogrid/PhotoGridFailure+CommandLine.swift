import ArgumentParser
import PhotoGridSupport

extension PhotoGridFailure {
    /// The error's line as the command line prints it: request values named as flags (`--width`), and
    /// what to run or pass where the person can do something about it.
    var commandLineMessage: String {
        message(naming: { "--" + $0 }) + (remedy?.commandLineAdvice ?? "")
    }

    /// The exit status: 64 (EX_USAGE) for a mistake in the request — an invalid value, or a value that
    /// names nothing (an index past the grid) — and 1 for anything else.
    var exitStatus: ExitCode {
        kind == .invalidValue || parameter != nil ? .validationFailure : .failure
    }
}

extension FailureRemedy {
    /// What the person can do, in the command line's words, to follow the message.
    var commandLineAdvice: String {
        switch self {
        case .indexFirst:
            return " (run `photogrid index <folder>` first, or pass --db)"
        case .chooseAnotherLibrary:
            return " (use another --db)"
        case .upgradeOrChooseAnother:
            return "; use a newer photogrid or another --db"
        case let .moveRoot(folder, rootExists: true):
            return ": use another library (--db, or another export --out), "
                + "or run `photogrid index \(folder) --move-root` to move it there"
        case let .moveRoot(folder, rootExists: false):
            return ": if its photos are now in \(folder), "
                + "run `photogrid index \(folder) --move-root` (same relative paths keep their rows)"
        case .tryAgain:
            return "; run the command again (what was written before is kept)"
        case .moveRootToNewPlace:
            return "; run `photogrid index <its new place> --move-root`"
        case .indexAgain:
            return " (run `photogrid index` again)"
        case .emptyFolder:
            return " (give a new or empty folder)"
        case .ownThumbnailFolder:
            return " (give this library its own folder)"
        case .freePort:
            return " (another server listens there: stop it, or choose another --port)"
        }
    }
}
