import Foundation
import TestSupport
import Testing

/// The manual stays one a person reads: docs/*.md without the layout spec (which is the rules, quoted
/// whole) at most 160,000 bytes; figures live once in docs/benchmarks.md and history in `git log`.
@Suite struct ManualSizeTests {
    @Test func theManualWithoutTheLayoutSpecIsAtMost160KB() throws {
        let docs = Repository.root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") && $0 != "layout-spec.md" }
        #expect(pages.count >= 10, "\(pages)")
        let bytes = try pages.reduce(0) { $0 + (try Data(contentsOf: docs.appendingPathComponent($1)).count) }
        #expect(bytes <= 160_000, "docs/ without the layout spec is \(bytes) bytes")
    }
}
