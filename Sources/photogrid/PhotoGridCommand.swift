import PhotoGridSupport
import ArgumentParser
import Platform
import PhotoGrid

@main
struct PhotoGridCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photogrid",
        abstract: "The Photos-app grid on Linux: index photo folders, lay them out exactly as SwiftUI would, make thumbnails.",
        discussion: """
        The one command: `photogrid export ~/Pictures --out gallery` indexes the folder, makes the grid and \
        detail thumbnails, and writes layout.json and a picture of the first screen (grid.jpg) into gallery/.

        Step by step: `photogrid index ~/Pictures` reads the size, orientation and date of every photo (JPEG, HEIC, AVIF, PNG, \
        WebP) and video (MOV, MP4, M4V, 3GP) (headers only, in parallel) into a SQLite library, photogrid.sqlite \
        in the current directory unless \
        --db or $PHOTOGRID_DB says otherwise; rescans touch only what changed. `list` and `stats` show what \
        is in it; `thumbs` makes the thumbnails; `layout` and `detail` answer layout questions from the \
        library or from display pixel sizes (--sizes), in points, for SwiftUI's LazyVGrid of square \
        centre-cropped cells (adaptive:100/3, row spacing 3) unless --columns says otherwise; `render` draws \
        the viewport.

        Every command takes --json (a JSON document, keys sorted, "version": 1). Negative numbers are \
        accepted as option values (--offset -100). File names are printed with control characters and \
        invalid UTF-8 escaped (\\x1b, \\xff). Counts in text are grouped (1,000), never in JSON.

        Exit status: 0 on success (also when some files were bad: they are reported), 1 on a fatal \
        error, 64 on a usage error (one line on stderr).
        """,
        version: PhotoGridVersion.current,
        subcommands: [IndexCommand.self, ListCommand.self, StatsCommand.self, ThumbsCommand.self, DuplicatesCommand.self, ExportCommand.self,
                      LayoutCommand.self, DetailCommand.self, ZoomCommand.self, RenderCommand.self, ServeCommand.self, WorkerCommand.self]
    )

    /// `photogrid` alone: a usage error, not the help screen.
    func run() throws {
        throw UsageError("no command given; usage: photogrid <command> [options] (commands: \(Self.commandNames.joined(separator: ", ")); photogrid --help explains them)")
    }

    /// The subcommands' names.
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// Parses and runs the command line; every error ends the process with one line on stderr. `serve`,
    /// and `worker`, which wait on asynchronous work, are awaited; the other commands run here.
    static func main() async {
        StopSignals.restoreDefaults()
        let arguments = negativeIndexAsPositional(Array(CommandLine.arguments.dropFirst()))
        if arguments == ["--help"] || arguments == ["-h"] { printRootHelp() }
        do {
            try checkCommandNames(arguments)
            var command = try parseAsRoot(arguments)
            // The asynchronous commands, by their types: a cast to `any AsyncParsableCommand` would be a
            // protocol-conformance question, which the runtime first answers by scanning every record (~2 ms).
            if let serve = command as? ServeCommand {
                try await serve.run()
            } else if let worker = command as? WorkerCommand {
                try await worker.run()
            } else {
                try command.run()
            }
        } catch {
            exit(oneLineError: error)
        }
    }

    /// `photogrid --help`: the text ArgumentParser prints for it, without parsing the command line
    /// first — its rendering at 80 columns stored at build time (`RootHelpText`, kept current by
    /// scripts/update-root-help.sh and checked by RootHelpTests), or at another screen width its
    /// `helpMessage()`. Parsing reflects over every command and checks for a completion-script request,
    /// and the Swift runtime answers each of its first protocol-conformance questions by scanning the
    /// binary's ~6,400 conformance records: that was 9.8 M of the 9.9 M instructions `--help` ran
    /// (docs/install.md, "First run and startup").
    static func printRootHelp() -> Never {
        print(HelpScreenWidth.current == RootHelpText.columns ? RootHelpText.text : helpMessage())
        // Not `exit(withError: ExitCode.success)`: ArgumentParser builds a help generator for any error
        // it is handed, which is what this path avoids.
        fflush(nil)
        Glibc.exit(0)
    }

    /// `detail -1 …`: ArgumentParser would read the negative index as an unknown option; it is moved
    /// behind `--` (where it can only be the index), so the index's own check answers.
    static func negativeIndexAsPositional(_ arguments: [String]) -> [String] {
        guard arguments.count >= 2, arguments[0] == DetailCommand._commandName, !arguments.contains("--"),
              arguments[1].hasPrefix("-"), Int(arguments[1]) != nil else { return arguments }
        var rewritten = arguments
        let index = rewritten.remove(at: 1)
        return rewritten + ["--", index]
    }

    /// The first word must be a command, and `photogrid help NAME…` must name commands (ArgumentParser
    /// shows the top help for any name).
    static func checkCommandNames(_ arguments: [String]) throws(UsageError) {
        if let first = arguments.first, !first.hasPrefix("-"), first != "help", !commandNames.contains(first) {
            throw UsageError("'\(first)' is not a command (commands: \(commandNames.joined(separator: ", ")))")
        }
        guard arguments.first == "help" else { return }
        for topic in arguments.dropFirst() where !topic.hasPrefix("-") && !commandNames.contains(topic) {
            throw UsageError("help: '\(topic)' is not a command (commands: \(commandNames.joined(separator: ", ")))")
        }
    }

    /// Help and `--version` print on stdout and exit 0; usage errors (ArgumentParser's and ours) are one
    /// line and exit 64, other errors one line and exit 1. Lines were already printed for `ExitCode`s.
    static func exit(oneLineError error: any Error) -> Never {
        if let code = error as? ExitCode { Self.exit(withError: code) }
        let failure = error as? any PhotoGridFailure
        let status = failure?.exitStatus ?? exitCode(for: error)
        if status == .success { Self.exit(withError: error) }
        let message = failure?.commandLineMessage ?? message(for: error)
        printError(message.split(whereSeparator: \.isNewline).joined(separator: "; "))
        Self.exit(withError: ExitCode(status.rawValue))
    }
}
