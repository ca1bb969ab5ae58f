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

    /// EXIF local times as seconds: the values `date -u -d … +%s` prints for the same text read as UTC.
    @Test(arguments: [
        ("1970-01-01T00:00:00", 0.0), ("2024-06-01T10:00:05", 1_717_236_005.0), ("2000-02-29T23:59:59", 951_868_799.0),
        ("1969-12-31T23:59:59", -1.0), ("2024-06-01 10:00:05", nil), ("2024-13-01T10:00:05", nil), ("2024-06-01", nil),
    ] as [(String, Double?)])
    func seconds(text: String, expected: Double?) {
        #expect(CaptureTimeRule.seconds(of: text) == expected)
    }
}
