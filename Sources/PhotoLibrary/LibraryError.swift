import Platform
public import PhotoGridSupport

/// Why the photo library could not do what was asked. Each case reads as one line that says what is wrong
/// with which file or folder; its `kind` and `remedy` (`PhotoGridFailure`) say how a front end answers
/// it and what the person can do, which the command line says with its flags and commands
/// (`PhotoGridFailure+CommandLine.swift` in the `photogrid` target).
public enum LibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed on a path (`call` names it, `errno` is its error number).
    case system(call: String, path: String, errno: Int32)
    /// The folder to index does not exist.
    case noSuchFolder(path: String)
    /// The folder to index is not a directory.
    case notADirectory(path: String)
    /// There is no database file at `path` (and the operation does not create one).
    case noDatabase(path: String)
    /// SQLite could not open or read the database file.
    case openDatabase(path: String, message: String)
    /// Another process kept the database locked longer than the busy timeout.
    case databaseBusy(path: String)
    /// The file is an SQLite database, but not one of ours (no photogrid application id, no
    /// migration record). It was read, never written.
    case notAPhotoGridDatabase(path: String)
    /// The file is not an SQLite database at all (`reason`: empty, other content). Left as it was.
    case notADatabase(path: String, reason: String)
    /// The library cannot be written (read-only file, folder or mount) and the command must write.
    case readOnlyDatabase(path: String)
    /// The library cannot be written and its schema lacks migrations this binary needs.
    case readOnlyNeedsUpgrade(path: String, pendingMigrations: [String])
    /// The database has migrations applied that this binary does not know (it comes from a newer photogrid).
    case schemaTooNew(path: String, unknownMigrations: [String])
    /// Applying migration `name` failed; the transaction was rolled back.
    case migrationFailed(name: String, message: String)
    /// An SQLite statement failed; `operation` says what we were doing.
    case database(operation: String, message: String)
    /// The connection to a database server broke (a restart, a failover, the network) or it stopped
    /// answering; `operation` was not done (a transaction in it is rolled back whole). Try again.
    case connectionLost(operation: String, message: String)
    /// The library indexes `libraryFolder`, and `folder` is another one (`rootExists`: whether the
    /// library's folder is still there).
    case differentFolder(libraryFolder: String, folder: String, rootExists: Bool)
    /// The folder the library indexes is gone (moved, renamed, or an unmounted disk).
    case libraryFolderGone(path: String)

    public var description: String {
        switch self {
        case let .system(call, path, errno):
            return "\(call)(\(path)) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        case let .noSuchFolder(path):
            return "no such folder: \(path)"
        case let .notADirectory(path):
            return "\(path) is not a folder"
        case let .noDatabase(path):
            return "no photo database at \(path)"
        case let .openDatabase(path, message):
            return "cannot open the database \(path): \(message)"
        case let .databaseBusy(path):
            return "the database \(path) stayed locked by another process for more than a minute"
        case let .notAPhotoGridDatabase(path):
            return "\(path) is an SQLite database but not a photogrid library; it was left as it was"
        case let .notADatabase(path, reason):
            return "\(path) is not a photogrid library: \(reason); it was left as it was"
        case let .readOnlyDatabase(path):
            return "the database \(path) cannot be written (a read-only file, folder or mount), and this command writes to it"
        case let .readOnlyNeedsUpgrade(path, pending):
            return "the database \(path) cannot be written and needs migration "
                + pending.map { $0 + ".sql" }.joined(separator: ", ") + " first: open it once with write access"
        case let .schemaTooNew(path, unknown):
            let files = unknown.map { $0 + ".sql" }.joined(separator: ", ")
            return "the database \(path) was written by a newer photogrid: it has migration \(files), "
                + "which this photogrid does not know"
        case let .migrationFailed(name, message):
            return "migration \(name).sql failed: \(message)"
        case let .database(operation, message):
            return "database error while \(operation): \(message)"
        case let .connectionLost(operation, message):
            return "lost the connection to the database while \(operation): \(message)"
        case let .differentFolder(libraryFolder, folder, rootExists):
            if rootExists {
                return "this library indexes \(libraryFolder), not \(folder)"
            }
            return "this library indexes \(libraryFolder), which no longer exists"
        case let .libraryFolderGone(path):
            return "the library's folder \(path) no longer exists (moved, renamed or not mounted?)"
        }
    }
}

extension LibraryError {
    /// Whether the database could not be reached (a server restarting, a failover): worth trying again
    /// later, unlike a refusal.
    public var isUnreachableDatabase: Bool {
        switch self {
        case .connectionLost, .openDatabase: return true
        default: return false
        }
    }
}

extension LibraryError: PhotoGridFailure {
    public var kind: FailureKind {
        switch self {
        case let .system(_, _, errno): return FailureKind(errno: errno)
        case .noSuchFolder, .noDatabase, .libraryFolderGone: return .notFound
        case .notADirectory, .notAPhotoGridDatabase, .notADatabase, .differentFolder: return .conflict
        case .openDatabase, .databaseBusy, .connectionLost: return .busy
        case .readOnlyDatabase, .readOnlyNeedsUpgrade: return .storageFull
        case .schemaTooNew: return .unsupported
        case .migrationFailed, .database: return .internal
        }
    }

    public var remedy: FailureRemedy? {
        switch self {
        case .noDatabase: return .indexFirst
        case .notAPhotoGridDatabase, .notADatabase: return .chooseAnotherLibrary
        case .schemaTooNew: return .upgradeOrChooseAnother
        case let .differentFolder(_, folder, rootExists): return .moveRoot(to: folder, rootExists: rootExists)
        case .connectionLost: return .tryAgain
        case .libraryFolderGone: return .moveRootToNewPlace
        default: return nil
        }
    }
}
