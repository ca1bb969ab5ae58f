import Testing
import Video

/// The date texts cameras and libavformat write, and ones that are not dates.
@Suite struct VideoCaptureDateTests {
    @Test(arguments: [
        ("2023-07-01T10:11:12+0200", "2023-07-01T10:11:12", 120),
        ("2023-07-01T10:11:12-04:30", "2023-07-01T10:11:12", -270),
        ("2023-07-01T10:11:12+09", "2023-07-01T10:11:12", 540),
        ("2023-09-22T16:34:05.000000Z", "2023-09-22T16:34:05", 0),
        ("2023-09-22 16:34:05", "2023-09-22T16:34:05", nil),
        ("2023-09-22T16:34:05.5", "2023-09-22T16:34:05", nil),
    ] as [(String, String, Int?)])
    func parses(text: String, local: String, offset: Int?) {
        let date = VideoCaptureDate(text: text, source: .quickTimeCreationDate)
        #expect(date?.localTime == local && date?.utcOffsetMinutes == offset && date?.text == text, "\(text)")
    }

    @Test(arguments: ["", "2023-07-01", "2023-13-01T10:11:12", "2023-07-01T24:00:00", "2023-07-01T10:11:12+2500",
                      "2023-07-01T10:11:12 junk", "2023-07-01T10:11:12.", "0000-01-01T00:00:00Z", "2023-07-01T10:11:12+02:0"])
    func refuses(text: String) {
        #expect(VideoCaptureDate(text: text, source: .containerCreationTime) == nil, "\(text)")
    }
}
