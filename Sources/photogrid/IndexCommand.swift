import ArgumentParser
import PhotoGrid

/// `photogrid index <folder>`: build or refresh the library database.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Index a folder of photos and videos (JPEG, HEIC, AVIF, PNG, WebP; MOV, MP4): sizes, orientation and dates, into SQLite.",
        discussion: """
        Walks the folder (hidden files and folders skipped, symbolic links not followed), then reads the \
        header of each new or changed photo without decoding pixels: JPEG (libjpeg), HEIC and AVIF \
        (libheif), PNG (libpng), WebP (libwebp); and of each video, no frame decoded: MOV, MP4, M4V, 3GP \
        (FFmpeg's libraries: display size with its rotation, duration, codec, capture date, poster time). \
        Files named .jpg .jpeg .heic .heif .hif .avif .png .webp .mov .mp4 .m4v .3gp (any case) and files \
        starting with one of those formats' signatures are indexed, each read as what its first bytes say; \
        a file that is not readable becomes an error row and the run goes on. A Live Photo (a photo and \
        its short movie, by Apple's content identifier or by name and time) and an Android Motion Photo \
        are one item. A rescan opens only files whose size or modification time changed; \
        vanished files are marked missing, and a file that reappears elsewhere keeps its row (a move). \
        An error row whose error may go away (permission denied, busy, I/O error) is opened again on every \
        run. PhotoGrid's own outputs (the library, thumbnail folders, export folders) are never indexed.

        Every entry seen is accounted for: indexed, error, or skipped by kind (other images, raw camera \
        files, other videos such as .avi and .mkv, other files, hidden entries, symbolic links, cache folders, pseudo file systems such as /proc, PhotoGrid outputs); \
        `photogrid list --skipped` names the skipped ones. Folders that cannot be read are named.

        A library indexes one folder: indexing another folder into it is refused (exit 1) unless \
        --move-root says the library's folder moved there.

        Prints a one-paragraph summary (--json: a JSON object). A progress bar is drawn on stderr when it \
        is a terminal. Exit status 0 even when some files were bad, 1 on a fatal error, 64 on a usage error.
        """)

    @Argument(help: ArgumentHelp("The folder to index.", valueName: "folder"), transform: PathArgument.nonEmpty)
    var folder: String

    @OptionGroup var database: DatabaseOption

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads reading headers (default: one per active core).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Open every error row again, also those whose file did not change and whose error would not go away by itself.")
    var retryErrors = false

    @Flag(help: "Remove the rows of missing photos (files gone for good), their thumbnail records, and the thumbnail files only they used in the default thumbnail folder next to the database.")
    var prune = false

    @Flag(help: "Let a library built from another folder index this one from now on (the library's folder was moved or renamed): rows of the same relative paths are kept.")
    var moveRoot = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    func validate() throws {
        if let problem = JobCount.problem(jobs) { throw ValidationError("--jobs " + problem) }
    }

    func run() throws {
        let report = try LibraryIndexing.index(folder: folder, database: database.location(), jobs: jobs, retryErrors: retryErrors,
                                               prune: prune, moveRoot: moveRoot, progressBar: TerminalProgressBar.ifStandardErrorIsTerminal())
        if json { try printJSON(encoding: report.document) } else { Console.writeOutput(report.text + "\n") }
    }
}
