import ArgumentParser
import PhotoGrid
import PhotoGridSupport
import Platform
import UnixSignals

/// `photogrid worker`: thumbnail work in claimed batches, beside other workers and servers.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Make the library's thumbnails in claimed batches, beside other workers and servers, until stopped.",
        discussion: """
        Makes what `photogrid thumbs` makes (the same files and records, in the same folder), a batch at a \
        time: each batch claims photos whose thumbnails are missing or stale, for a lease (--lease, default \
        60 s), so that any number of workers — on one machine or several, on a SQLite or a PostgreSQL \
        library (--db postgres://…) — divide the photos instead of making the same ones. A worker killed \
        mid-batch loses nothing: when its lease ends, another takes its photos. With nothing to do it waits: \
        new photos and released claims wake it at once (the library announces them), a claim a stopped worker left is taken when its lease ends; a database that stops answering (a PostgreSQL restart) is tried again every \
        second, said once on stderr; SIGTERM or Ctrl-C ends it after the batch in hand, printing what it made. \
        --until-done ends it when nothing is left. Exit status 0 when stopped or done, 1 on a fatal error, \
        64 on a usage error.
        """)

    @OptionGroup var database: DatabaseOption

    @Option(help: ArgumentHelp("The thumbnail folder (default: as `thumbs`).", valueName: "dir"), transform: PathArgument.nonEmpty)
    var out: String?

    @OptionGroup var sizes: ThumbnailSizeOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds a claim holds its photos (1 to 3,600).", valueName: "s"))
    var lease: Int = ThumbnailWorker.defaultLeaseSeconds

    @Flag(help: "Stop when no photo needs a thumbnail (instead of waiting for more).")
    var untilDone = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    func validate() throws {
        guard (1...3600).contains(lease) else { throw ValidationError("--lease must be a whole number of seconds from 1 to 3,600") }
    }

    func run() async throws {
        let request = try sizes.request(folder: out)
        let worker = ThumbnailWorker(request: request, name: ThumbnailWorker.processName(), leaseSeconds: lease,
                                     untilDone: untilDone)
        let library = try Library.open(database.location())
        // Batches run on one thread of their own; the wait between them holds none.
        let pool = BlockingPool(threads: 1)
        // SIGTERM and SIGINT stop the worker after the batch in hand (an idle one at once), from before it starts.
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        let work = Task { () async throws(LibraryThumbnailsError) -> ThumbnailsSummary in
            try await worker.run(library: library, on: pool, onTrouble: { error in
                if let error {
                    Console.writeErrorLine("\(error); trying again every second", label: "warning")
                } else {
                    Console.writeErrorLine("the database answers again", label: "note")
                }
            })
        }
        let stop = Task {
            for await _ in signals { work.cancel() }
        }
        defer { stop.cancel() }
        let summary = try await work.value
        let report = ThumbnailsReport(database: library.databasePath, summary: summary)
        if json { try printJSON(encoding: report.summary) } else { Console.writeOutput(report.text) }
    }
}
