import Foundation
import Testing
import TestSupport

/// `photogrid --version` prints the version the install page states, and nothing else.
@Suite struct VersionTests {
    @Test func versionIsTheOneTheInstallPageStates() throws {
        let page = try String(contentsOf: Repository.root.appendingPathComponent("docs/install.md"), encoding: .utf8)
        let stated = try #require(page.firstMatch(of: /`photogrid --version` prints the version: `([0-9]+\.[0-9]+\.[0-9]+)`/)?.1)
        let run = try PhotoGridBinary.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdoutText == "\(stated)\n")
        #expect(run.stderr.isEmpty)
    }
}
