import Duplicates
import Testing

/// Capture times refuse only when both are known and a different moment; a time-zone rewrite is not one.
@Suite struct CaptureTimeRuleTests {
    @Test(arguments: [
        (nil, nil, false), (0.0, nil, false), (nil, 5.0, false),
        (100.0, 100.0, false), (100.0, 100.5, false),       // the same second
        (100.0, 101.0, true), (100.0, 160.0, true),          // a burst frame, a minute later
        (0.0, 3600.0, false), (0.0, -19_800.0, false),       // an hour; India's +5:30
        (0.0, 3605.0, true), (0.0, 86_400.0 * 3, false),
    ] as [(Double?, Double?, Bool)])
    func refuses(a: Double?, b: Double?, expected: Bool) {
        #expect(CaptureTimeRule.refuses(a, b) == expected)
        #expect(CaptureTimeRule.refuses(b, a) == expected)
    }
}
