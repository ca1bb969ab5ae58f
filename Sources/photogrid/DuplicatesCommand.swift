import ArgumentParser
import struct Foundation.Data
import PhotoGrid
import PhotoLibrary

/// `photogrid duplicates`: the groups of copies of one picture, and the copy of each to keep.
struct DuplicatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicates",
        abstract: "Find the copies of one picture (any size or format) and suggest which to keep; no file is touched.",
        discussion: """
        Exact copies have the same bytes. Near copies are the same picture re-encoded, resized (down to a \
        256-pixel preview), converted (JPEG, PNG, WebP, HEIC, AVIF) or turned: each pair found by a perceptual \
        hash is proven by comparing small aligned pictures, so two shots of one moment (a burst frame, a moved \
        subject, a blink) are not copies; capture dates a second or more apart refuse a pair. Videos are not \
        compared. docs/duplicates.md explains it.

        The copy to keep: the largest picture, then the original format (JPEG, HEIC, AVIF over PNG, WebP), \
        then the one with a capture date, then the oldest file; the reason is shown.

        A signature is made for each photo once (a 1/8-scale decode) and kept in the library; a rerun makes \
        only those of new or changed photos. Damaged and undecodable files are listed as left out, with why. \
        Nothing is deleted or moved: --print0 prints the paths of the copies not kept, each ended by a NUL, \
        for your own scripts (e.g. `xargs -0 mv -t ../review`). Exit status 0, 1 on a fatal error, 64 on a \
        usage error.
        """)

    @OptionGroup var database: DatabaseOption

    @Option(help: ArgumentHelp("Make signatures on N threads (default: one per processor).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Print the groups as JSON.")
    var json = false

    @Flag(help: "Print only the absolute paths of the copies not kept, each followed by a NUL byte.")
    var print0 = false

    func validate() throws {
        if let problem = JobCount.problem(jobs) { throw ValidationError("--jobs " + problem) }
        if json && print0 { throw ValidationError("--json and --print0 cannot be used together") }
    }

    func run() throws {
        let library = try Library.open(database.location())
        let document = try LibraryDuplicates.find(library: library, jobs: jobs, progress: TerminalProgressBar.ifStandardErrorIsTerminal())
        let root = try library.store.root()
        if print0 {
            var bytes: [UInt8] = []
            for copy in document.others {
                if let root { bytes += root.pathBytes + [UInt8(ascii: "/")] }
                bytes += copy.pathBytes.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } ?? Array(copy.path.utf8)
                bytes.append(0)
            }
            Console.writeOutput(bytes: bytes)
        } else if json {
            try printJSON(encoding: document)
        } else {
            Console.writeOutput(document.text)
        }
    }
}
