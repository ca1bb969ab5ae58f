import TestSupport
import Foundation
import Testing

/// `photogrid --help` prints without parsing the command line (a stored rendering at 80 columns,
/// else swift-argument-parser's `helpMessage()`); it must print exactly what the parser prints for
/// `photogrid help`, at every screen width.
@Suite struct RootHelpTests {
    @Test(arguments: [nil, "80", "60", "132", "not a number"])
    func helpFlagPrintsWhatTheParserPrints(columns: String?) throws {
        let environment = columns.map { ["COLUMNS": $0] } ?? [:]
        let parsed = try PhotoGridBinary.run(["help"], environment: environment)
        #expect(parsed.status == 0)
        #expect(parsed.stdoutText.hasPrefix("OVERVIEW: The Photos-app grid on Linux"))
        for flag in ["--help", "-h"] {
            let fast = try PhotoGridBinary.run([flag], environment: environment)
            #expect(fast.status == 0)
            #expect(fast.stderr == "")
            #expect(fast.stdoutText == parsed.stdoutText,
                    "photogrid \(flag) (COLUMNS=\(columns ?? "unset")) differs from photogrid help: run scripts/update-root-help.sh")
        }
    }

    /// The root help names what `index` reads: the photo formats and the video containers (it once named
    /// the photos alone, after videos were indexed).
    @Test func helpNamesThePhotoAndVideoFormats() throws {
        let run = try PhotoGridBinary.run(["--help"])
        #expect(run.status == 0)
        let words = run.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("every photo (JPEG, HEIC, AVIF, PNG, WebP) and video (MOV, MP4, M4V, 3GP)"), "\(run.stdoutText)")
    }

    /// A subcommand's help still goes through the parser (only the root help is stored).
    @Test func subcommandHelpIsTheParsers() throws {
        let run = try PhotoGridBinary.run(["index", "--help"])
        #expect(run.status == 0)
        #expect(run.stdoutText.contains("USAGE: photogrid index"))
    }
}
