import Foundation
@testable import PhotoGridServer
import PhotoGridSupport
import Testing

/// Found by a mutation audit: `ForegroundWork`'s default quiet period set to zero survived, since every
/// test passes its own `quiet:` and only the server uses the default. The server's core is asked here:
/// an index run yields to its thumbnail making (one `ForegroundWork`, shared), and waits until none has
/// been made for 0.1 s (docs/serve.md, "an index run waits for a quiet 0.1 s"): a page's stream of
/// thumbnail requests, with a round trip between two, is one piece of work.
@Suite struct ForegroundQuietPeriodTests {
    @Test func theServerYieldsForAQuietTenthOfASecond() async throws {
        let server = try await InProcessServer()
        let foreground = server.core.foreground
        #expect(foreground.quiet == .milliseconds(100))
        #expect(server.core.thumbnails.foreground === foreground, "thumbnails made are not the work an index run yields to")
        // What a yielding index run sees: after one thumbnail, it waits out the quiet period (measured from
        // before the thumbnail: a loaded machine only makes the wait longer).
        let clock = ContinuousClock()
        let before = clock.now
        foreground.run {}
        foreground.yield()
        let waited = clock.now - before
        #expect(waited >= .milliseconds(100) && waited < .seconds(5), "\(waited)")
    }
}
