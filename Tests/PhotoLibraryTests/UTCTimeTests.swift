import Testing
@testable import PhotoLibrary

@Suite struct UTCTimeTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00"),
        (Int64(1_700_000_000) * 1_000_000_000, "2023-11-14T22:13:20"),
        (Int64(951_782_400) * 1_000_000_000, "2000-02-29T00:00:00"),          // leap day of a century leap year
        (Int64(4_107_542_399) * 1_000_000_000 + 999_999_999, "2100-02-28T23:59:59"),  // 2100 is not a leap year
        (Int64(-1), "1969-12-31T23:59:59"),                                    // 1 ns before the epoch
        (Int64(-86_400) * 1_000_000_000, "1969-12-31T00:00:00"),
    ])
    func formatsUTCSeconds(nanoseconds: Int64, expected: String) {
        #expect(UTCTime(nanoseconds: nanoseconds).isoSeconds == expected)
    }

    @Test func contentKeyIsSizeAndSixteenHexDigits() {
        #expect(ContentKey.make(fileSize: 362_933, prefixDigest: 0x0F1E_2D3C_4B5A_6978) == "362933-0f1e2d3c4b5a6978")
        #expect(ContentKey.make(fileSize: 0, prefixDigest: 0xEF46_DB37_51D8_E999) == "0-ef46db3751d8e999")
        #expect(ContentKey.make(fileSize: 7, prefixDigest: 1) == "7-0000000000000001")
    }
}
