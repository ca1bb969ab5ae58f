import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The command line as a careless user meets it: usage errors are one line and exit 64 (empty paths,
/// negative values, options that do not apply, numbers that would overflow), every command takes
/// `--json`, names reach the terminal escaped, and JSON carries non-UTF-8 names byte for byte.
@Suite("photogrid command line surface (binary)")
struct CommandLineSurfaceTests {
    /// A usage error: the arguments, the exit status and a fragment of the one stderr line.
    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var fragment: String
        var testDescription: String { arguments.joined(separator: " ") }
        init(_ arguments: [String], _ fragment: String) {
            self.arguments = arguments
            self.fragment = fragment
        }
    }

    static let usageCases: [UsageCase] = [
        // No command, an unknown command, help on an unknown command.
        UsageCase([], "no command given"),
        UsageCase(["nosuch"], "'nosuch' is not a command"),
        UsageCase(["help", "nosuch"], "'nosuch' is not a command"),
        // ArgumentParser's own errors, on one line.
        UsageCase(["index"], "Missing expected argument '<folder>'"),
        UsageCase(["list", "--bogus"], "Unknown option '--bogus'"),
        UsageCase(["layout", "--sizes", "4x3", "--width"], "Missing value for '--width <width>'"),
        // Empty paths, for every path option and argument.
        UsageCase(["export", "missing-folder", "--out", ""], "a path must not be empty"),
        UsageCase(["export", "", "--out", "gallery"], "a path must not be empty"),
        UsageCase(["index", ""], "a path must not be empty"),
        UsageCase(["index", ".", "--db", ""], "a path must not be empty"),
        UsageCase(["list", "--db", ""], "a path must not be empty"),
        UsageCase(["stats", "--db", ""], "a path must not be empty"),
        UsageCase(["thumbs", "--out", ""], "a path must not be empty"),
        UsageCase(["thumbs", "--db", ""], "a path must not be empty"),
        UsageCase(["render", "--width", "393", "--out", ""], "a path must not be empty"),
        UsageCase(["render", "--width", "393", "--db", "", "--out", "g.jpg"], "a path must not be empty"),
        UsageCase(["layout", "--width", "393", "--db", ""], "a path must not be empty"),
        UsageCase(["detail", "0", "--width", "393", "--db", ""], "a path must not be empty"),
        // Negative values reach their option's own check.
        UsageCase(["layout", "--sizes", "4x3", "--width", "-1"], "--width must be a number from 0.001 to 1,000,000"),
        UsageCase(["layout", "--sizes", "4x3", "--width", "393", "--height", "-1"], "--height must be a number from 0.001 to 1,000,000"),
        UsageCase(["layout", "--sizes", "4x3", "--width", "393", "--row-spacing", "-3"], "--row-spacing must be a number between 0"),
        UsageCase(["layout", "--sizes", "4x3", "--width", "393", "--scale", "-2"], "--scale must be greater than 0"),
        UsageCase(["detail", "0", "--sizes", "4x3", "--width", "393", "--progress", "-0.5"], "--progress must be between 0 and 1"),
        UsageCase(["index", ".", "--jobs", "-1"], "--jobs must be between 1 and 256 (got -1)"),
        UsageCase(["index", ".", "--jobs", "100000"], "--jobs must be between 1 and 256 (got 100000)"),
        UsageCase(["serve", ".", "--jobs", "100000"], "--jobs must be between 1 and 256 (got 100000)"),
        UsageCase(["detail", "-1", "--sizes", "4x3", "--width", "393"], "index -1 is out of range: the grid has 1 photo(s), indices 0…0"),
        UsageCase(["thumbs", "--width", "-1"], "--width must be a number from 0.001 to 1,000,000"),
        UsageCase(["thumbs", "--scale", "-1"], "--scale must be greater than 0"),
        UsageCase(["thumbs", "--detail-size", "-1"], "--detail-size must be between 1 and 8,192"),
        UsageCase(["thumbs", "--jobs", "-2"], "--jobs must be between 1 and 256"),
        UsageCase(["thumbs", "--pixel-limit", "-1"], "--pixel-limit must be greater than 0"),
        UsageCase(["export", "missing-folder", "--out", "gallery", "--height", "-5"], "--height must be a number from 0.001 to 1,000,000"),
        UsageCase(["export", "missing-folder", "--out", "gallery", "--detail-size", "-5"], "--detail-size must be between 1 and 8,192"),
        UsageCase(["export", "missing-folder", "--out", "gallery", "--jobs", "-5"], "--jobs must be between 1 and 256"),
        // Options that do not apply.
        UsageCase(["layout", "--sizes", "4x3", "--width", "393", "--db", "other.sqlite"], "--db does not apply with --sizes"),
        UsageCase(["detail", "0", "--sizes", "4x3", "--width", "393", "--db", "other.sqlite"], "--db does not apply with --sizes"),
        UsageCase(["render", "--width", "393", "--progress", "0.5", "--out", "g.jpg"], "--progress applies only with --detail"),
        UsageCase(["render", "--sizes", "4x3", "--width", "393", "--out", "g.jpg"], "Unknown option '--sizes'"),
        // Values whose geometry would not be finite (JSON would print null).
        UsageCase(["layout", "--sizes", "4x3", "--width", "393", "--columns", "fixed:1e308"], "width 1e308 is above 1,000,000 points"),
        UsageCase(["layout", "--sizes", "4x3", "--width", "393", "--columns", "fixed:1e308,fixed:1e308"], "width 1e308 is above 1,000,000 points"),
        UsageCase(["layout", "--sizes", "4x3", "--width", "393", "--columns", "adaptive:50/1e308"], "spacing 1e308 is above 1,000,000 points"),
        UsageCase(["layout", "--sizes", "4x3,4x3,4x3,4x3,4x3,4x3,4x3", "--width", "393", "--row-spacing", "1e308", "--all"],
                  "--row-spacing must be a number between 0 and 1,000,000"),
        UsageCase(["layout", "--sizes", "1e-308x1", "--width", "393"], "each side must be between 1 and 1,000,000 pixels"),
        UsageCase(["detail", "0", "--sizes", "4x3", "--width", "393", "--drag", "0,1e308"],
                  "--drag must be two numbers DX,DY each between -1,000,000 and 1,000,000"),
    ]

    @Test("a usage error is one line on stderr, nothing on stdout, exit 64", arguments: usageCases)
    func usageError(_ usage: UsageCase) throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-surface")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try PhotoGridBinary.run(usage.arguments, in: directory)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdoutText)")
        #expect(run.stderr.hasPrefix("photogrid: error: ") && run.stderr.hasSuffix("\n"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2, "\(run.stderr)")
        #expect(run.stderr.contains(usage.fragment), "\(run.stderr)")
        // Nothing was made in the working folder (an empty --out must not mean "here" or "/").
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("a negative number is taken as the value of render --detail (then refused by range)")
    func negativeDetailIndex() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-surface")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try PhotoGridBinary.run(["index", Repository.sampleImages.path], in: directory).status == 0)
        let run = try PhotoGridBinary.run(["render", "--width", "393", "--detail", "-1", "--out", "g.jpg"], in: directory)
        #expect(run.status == 64)
        #expect(run.stderr == "photogrid: error: index -1 is out of range: the grid has 26 photo(s), indices 0…25\n")
    }

    @Test("--help still prints the help screen on stdout with exit 0; detail --help says what --drag does beyond 1000")
    func help() throws {
        for arguments in [["--help"], ["help"], ["help", "layout"], ["layout", "--help"]] {
            let run = try PhotoGridBinary.run(arguments)
            #expect(run.status == 0 && run.stdoutText.hasPrefix("OVERVIEW: ") && run.stderr.isEmpty, "\(arguments)")
        }
        let detail = try PhotoGridBinary.run(["detail", "--help"])
        let text = detail.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Beyond DY = 1000 the scale is negative"), "\(text)")
    }

    /// The sample photos' count, from the folder itself.
    static var samplePhotoCount: Int {
        let enumerator = FileManager.default.enumerator(atPath: Repository.sampleImages.path)
        var count = 0
        while let name = enumerator?.nextObject() as? String {
            if name.lowercased().hasSuffix(".jpg") { count += 1 }
        }
        return count
    }

    @Test("--json on every command prints one JSON object of version 1")
    func jsonEverywhere() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-surface")
        defer { try? FileManager.default.removeItem(at: directory) }
        let samples = Repository.sampleImages.path
        let photos = Self.samplePhotoCount
        #expect(photos == 26)
        let runs: [(String, [String])] = [
            ("index", ["index", samples, "--json"]),
            ("list", ["list", "--json"]),
            ("stats", ["stats", "--json", "--check"]),
            ("thumbs", ["thumbs", "--json"]),
            ("layout", ["layout", "--width", "393", "--json"]),
            ("detail", ["detail", "0", "--width", "393", "--json"]),
            ("render", ["render", "--width", "393", "--height", "759", "--out", "grid.jpg", "--json"]),
            ("export", ["export", samples, "--out", "gallery", "--json"]),
        ]
        var documents: [String: [String: Any]] = [:]
        for (name, arguments) in runs {
            let run = try PhotoGridBinary.run(arguments, in: directory)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stdoutText.hasSuffix("}\n") && run.stdoutText.filter { $0 == "\n" }.count == 1, "\(name)")
            let document = try run.json()
            #expect(document["version"] as? Int == 1, "\(name)")
            documents[name] = document
        }
        let stats = try #require(documents["stats"])
        #expect(stats["photos"] as? Int == photos && stats["ok"] as? Int == photos && stats["errors"] as? Int == 0)
        #expect(stats["integrity"] as? String == "ok" && stats["database"] as? String == "photogrid.sqlite")
        #expect(stats["folder"] as? String == Repository.sampleImages.resolvingSymlinksInPath().path)
        // 393 × 759 points at scale 3.
        let render = try #require(documents["render"])
        #expect(render["pixelWidth"] as? Int == 1179 && render["pixelHeight"] as? Int == 2277)
        #expect(render["path"] as? String == "grid.jpg")
        #expect((render["failures"] as? [Any])?.isEmpty == true)
        let export = try #require(documents["export"])
        #expect((export["index"] as? [String: Any])?["scanned"] as? Int == photos)
        let layout = try #require(export["layout"] as? [String: Any])
        #expect(layout["cells"] as? Int == photos && layout["path"] as? String == "gallery/layout.json" && layout["written"] as? Bool == true)
        #expect((export["picture"] as? [String: Any])?["path"] as? String == "gallery/grid.jpg")
        // Grid and detail thumbnails of every photo.
        #expect((export["thumbnails"] as? [String: Any])?["made"] as? Int == 2 * photos)
    }

    /// Creates a file whose name is `name`'s bytes (which need not be UTF-8) in `directory`.
    static func createFile(named name: [UInt8], in directory: URL, contents: [UInt8]) throws {
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A sample photo's bytes.
    static func samplePhoto() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Repository.sampleImages.appendingPathComponent("dragonfly.jpg")))
    }

    @Test("a name that is not UTF-8 comes back byte for byte as pathBytes in list, layout, detail and thumbs, and render opens it")
    func pathBytes() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-surface")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)        // "café.jpg" in Latin-1
        let broken: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".jpg".utf8)   // not a JPEG either
        try Self.createFile(named: latin1, in: photos, contents: try Self.samplePhoto())
        try Self.createFile(named: broken, in: photos, contents: Array("not a photo".utf8))
        try Self.createFile(named: Array("plain.jpg".utf8), in: photos, contents: try Self.samplePhoto())
        #expect(try PhotoGridBinary.run(["index", photos.path], in: directory).status == 0)

        func decoded(_ object: [String: Any]) -> [UInt8]? {
            (object["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
        }
        let list = try #require(try PhotoGridBinary.run(["list", "--json"], in: directory).json()["photos"] as? [[String: Any]])
        #expect(list.count == 3)
        #expect(Set(list.compactMap(decoded)) == [latin1, broken])
        // A valid UTF-8 name has no pathBytes.
        #expect(list.filter { $0["path"] as? String == "plain.jpg" }.count == 1)
        #expect(list.first { $0["path"] as? String == "plain.jpg" }?["pathBytes"] == nil)

        let cells = try #require(try PhotoGridBinary.run(["layout", "--width", "393", "--all"], in: directory).json()["cells"] as? [[String: Any]])
        #expect(cells.count == 2)
        #expect(cells.compactMap(decoded) == [latin1])
        let index = try #require(cells.firstIndex { $0["pathBytes"] != nil })
        let detail = try PhotoGridBinary.run(["detail", "\(index)", "--width", "393"], in: directory).json()
        #expect(decoded(detail) == latin1)

        // `render` opens the photos by their bytes too (there are no thumbnails yet): both cells drawn.
        let render = try PhotoGridBinary.run(["render", "--width", "393", "--height", "200", "--out", "r.jpg", "--json"],
                                             in: directory)
        #expect(render.status == 0, "\(render.stderr)")
        let drawn = try render.json()
        #expect(drawn["cells"] as? Int == 2 && (drawn["failures"] as? [Any])?.isEmpty == true, "\(drawn)")

        // A pixel limit of 100 pixels refuses both photos: the failures name them.
        let thumbs = try PhotoGridBinary.run(["thumbs", "--pixel-limit", "0.0001", "--json"], in: directory)
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        let failures = try #require(try thumbs.json()["failures"] as? [[String: Any]])
        #expect(failures.count == 2)
        #expect(failures.compactMap(decoded) == [latin1])
    }

    @Test("names with ESC[2J and invalid UTF-8 are escaped in every text output and error line")
    func terminalEscaping() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-surface")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clear = "\u{1B}[2J"
        let photos = directory.appendingPathComponent("photos\(clear)")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Self.createFile(named: Array("clear\(clear).jpg".utf8), in: photos, contents: try Self.samplePhoto())
        try Self.createFile(named: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8), in: photos, contents: try Self.samplePhoto())

        let runs: [[String]] = [
            ["index", photos.path],
            ["list"],
            ["stats"],
            ["thumbs", "--out", "thumbs\(clear)"],
            ["render", "--width", "393", "--out", "grid\(clear).jpg"],
            ["export", photos.path, "--out", "gallery\(clear)"],
            ["list", "--db", "none\(clear).sqlite"],
        ]
        var output: [String: String] = [:]
        for arguments in runs {
            let run = try PhotoGridBinary.run(arguments, in: directory)
            #expect(run.status == (arguments.contains("--db") ? 1 : 0), "\(arguments): \(run.stderr)")
            #expect(!run.stdout.contains(0x1B) && !run.stderr.utf8.contains(0x1B), "\(arguments): \(run.stdoutText) \(run.stderr)")
            output[arguments[0] + (arguments.contains("--db") ? "-error" : "")] = run.stdoutText + run.stderr
        }
        #expect(output["index"]?.contains("photos\\x1b[2J into photogrid.sqlite") == true, "\(output["index"] ?? "")")
        #expect(output["list"]?.contains("  clear\\x1b[2J.jpg\n") == true, "\(output["list"] ?? "")")
        #expect(output["list"]?.contains("  caf\\xe9.jpg\n") == true, "\(output["list"] ?? "")")
        #expect(output["stats"]?.contains("/photos\\x1b[2J\n") == true, "\(output["stats"] ?? "")")
        #expect(output["thumbs"]?.contains(" in thumbs\\x1b[2J in ") == true, "\(output["thumbs"] ?? "")")
        #expect(output["render"]?.contains(" into grid\\x1b[2J.jpg (") == true, "\(output["render"] ?? "")")
        #expect(output["export"]?.contains("gallery\\x1b[2J/layout.json: 2 cells.") == true, "\(output["export"] ?? "")")
        #expect(output["list-error"]?.hasPrefix("photogrid: error: no photo database at none\\x1b[2J.sqlite") == true,
                "\(output["list-error"] ?? "")")
    }

    @Test("counts are grouped the same way in every text line: 1,000")
    func groupedCounts() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-surface")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for number in 0..<1000 {
            try Data(TinyJPEG.numbered(number)).write(to: photos.appendingPathComponent("p\(number).jpg"))
        }
        let index = try PhotoGridBinary.run(["index", photos.path], in: directory)
        #expect(index.stdoutText.hasPrefix("Indexed 1,000 photo files in "), "\(index.stdoutText)")
        let list = try PhotoGridBinary.run(["list"], in: directory)
        #expect(list.stdoutText.hasSuffix("\n1,000 photos\n"))
        let stats = try PhotoGridBinary.run(["stats"], in: directory)
        #expect(stats.stdoutText.contains("Photos:        1,000: 1,000 ok, 0 errors, 0 missing\n"), "\(stats.stdoutText)")
        let detail = try PhotoGridBinary.run(["detail", "1000", "--width", "393"], in: directory)
        #expect(detail.stderr == "photogrid: error: index 1000 is out of range: the grid has 1,000 photo(s), indices 0…999\n")
        let export = try PhotoGridBinary.run(["export", photos.path, "--out", "gallery"], in: directory)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdoutText.hasPrefix("Indexed 1,000 photo files: 1,000 added, "), "\(export.stdoutText)")
        #expect(export.stdoutText.contains("Thumbnails (grid-387, detail-2277): 2,000 made, 0 up to date, 0 failed.\n"), "\(export.stdoutText)")
        #expect(export.stdoutText.contains("gallery/layout.json: 1,000 cells.\n"), "\(export.stdoutText)")
    }
}
