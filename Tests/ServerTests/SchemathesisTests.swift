import Foundation
import Testing
import TestSupport

/// Schemathesis (PyPI) generates requests from `docs/openapi.json` — valid, boundary and malformed
/// values of every parameter — and checks that none gets a 5xx. A CI-sized run (25 examples an
/// operation, a fixed seed); docs/serve.md gives the longer one. `.ci/run` installs it; elsewhere a missing
/// schemathesis skips the test with a note (under CI it fails).
@Suite struct SchemathesisTests {
    @Test func noGeneratedRequestGetsAServerError() throws {
        let probe = try PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["schemathesis", "--version"])
        guard probe.status == 0 else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("schemathesis is not installed") }
            else { print("SchemathesisTests skipped: pip install schemathesis") }
            return
        }
        let library = try ServedLibrary()
        let run = try PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), [
            "schemathesis", "run", "http://127.0.0.1:\(library.server.port)/api/v1/openapi.json",
            "--checks", "not_a_server_error", "--max-examples", "25", "--seed", "1",
            "--exclude-path", "/api/v1/events",  // an endless stream
        ])
        let summary = run.stdoutText.split(separator: "\n").filter { $0.contains("generated") || $0.contains("passed") || $0.contains("failed") }
        print("schemathesis: " + summary.joined(separator: "; "))
        #expect(run.status == 0, "\(run.stdoutText.suffix(3000))")
        #expect(library.server.process.isRunning)
    }
}
