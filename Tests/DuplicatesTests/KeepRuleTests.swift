import Duplicates
import Testing

/// The keep rule as a table: each row's copies, the one kept and the rule that decided (issue 39's order:
/// largest picture, original format, capture date, oldest file; ties: the first).
@Suite struct KeepRuleTests {
    typealias C = KeepRule.Candidate
    static let old: Int64 = 1_000_000_000_000_000_000, new: Int64 = 1_700_000_000_000_000_000

    @Test(arguments: [
        ([C(pixels: 100, format: "png", hasCaptureDate: false, modified: new), C(pixels: 400, format: "webp", hasCaptureDate: false, modified: new)],
         1, KeepRule.Reason.largestPicture),
        ([C(pixels: 400, format: "webp", hasCaptureDate: true, modified: old), C(pixels: 400, format: "heic", hasCaptureDate: false, modified: new)],
         1, .originalFormat),
        ([C(pixels: 400, format: "jpeg", hasCaptureDate: false, modified: old), C(pixels: 400, format: "avif", hasCaptureDate: true, modified: new)],
         1, .captureDate),
        ([C(pixels: 400, format: "jpeg", hasCaptureDate: true, modified: new), C(pixels: 400, format: "jpeg", hasCaptureDate: true, modified: old)],
         1, .oldestFile),
        ([C(pixels: 400, format: "jpeg", hasCaptureDate: true, modified: old), C(pixels: 400, format: "jpeg", hasCaptureDate: true, modified: old)],
         0, .firstByPath),
        // The largest among three, then the format among the two largest.
        ([C(pixels: 900, format: "png", hasCaptureDate: true, modified: old), C(pixels: 900, format: "jpeg", hasCaptureDate: false, modified: new),
          C(pixels: 100, format: "jpeg", hasCaptureDate: true, modified: old)], 1, .originalFormat),
    ] as [([KeepRule.Candidate], Int, KeepRule.Reason)])
    func keeps(candidates: [KeepRule.Candidate], position: Int, reason: KeepRule.Reason) {
        let kept = KeepRule.keep(candidates)
        #expect(kept.position == position)
        #expect(kept.reason == reason)
    }
}
