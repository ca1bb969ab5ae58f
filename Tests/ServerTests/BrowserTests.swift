import Foundation
import Testing
import TestSupport

/// The web gallery in a real browser: `Tests/Browser/gallery_test.py` (Playwright for Python driving
/// Debian's Chromium) against the built binary. `.ci/run` installs both; elsewhere the test says what is
/// missing and is skipped — except under CI, where a missing browser is a failure.
@Suite struct BrowserTests {
    /// Why the browser tests cannot run here, or nil when they can.
    static var missing: String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else { return "/usr/bin/chromium (apt-get install chromium)" }
        let probe = try? PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                             ["python3", "-c", "import playwright, PIL, numpy"])
        guard probe?.status == 0 else { return "Playwright, Pillow and numpy for python3 (pip install playwright pillow numpy)" }
        return nil
    }

    @Test func theGalleryDrawsWhatTheAPISays() throws {
        if let missing = Self.missing {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("the browser tests need \(missing)")
            } else {
                print("BrowserTests skipped: needs \(missing)")
            }
            return
        }
        let run = try PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                          ["python3", Repository.root.appendingPathComponent("Tests/Browser/gallery_test.py").path,
                                           try PhotoGridBinary.url.path])
        print(run.stdoutText)
        #expect(run.status == 0, "\(run.stdoutText.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))\(run.stderr)")
        #expect(run.stdoutText.contains(" passed, 0 failed"))
    }
}
