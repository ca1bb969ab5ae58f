/// What the committed sample photos are, from `SampleImages/SOURCES.md` (sizes read from the files'
/// SOF markers, orientation from their EXIF), written as literals: the expected values of every test
/// that indexes them.
public enum SamplePhotos {
    /// (path under SampleImages/, stored width, stored height, EXIF orientation, display width, display height)
    public static let facts: [(String, Int, Int, Int, Int, Int)] = [
        ("wine-portrait.jpg", 1068, 1600, 1, 1068, 1600),
        ("aitzgorri.jpg", 1600, 1065, 1, 1600, 1065),
        ("friends-portrait.jpg", 1065, 1600, 1, 1065, 1600),
        ("sunset.jpg", 1600, 1067, 1, 1600, 1067),
        ("picosdeeuropa-panorama.jpg", 2400, 662, 1, 2400, 662),
        ("umang.jpg", 1600, 900, 1, 1600, 900),
        ("seeding-wide.jpg", 1600, 900, 1, 1600, 900),
        ("dragonfly.jpg", 1600, 1200, 1, 1600, 1200),
        ("infinite-sea-square.jpg", 1200, 1200, 1, 1200, 1200),
        ("storm-canon.jpg", 1200, 800, 1, 1200, 800),
        ("orientation/Landscape_1.jpg", 600, 400, 1, 600, 400),
        ("orientation/Landscape_2.jpg", 600, 400, 2, 600, 400),
        ("orientation/Landscape_3.jpg", 600, 400, 3, 600, 400),
        ("orientation/Landscape_4.jpg", 600, 400, 4, 600, 400),
        ("orientation/Landscape_5.jpg", 400, 600, 5, 600, 400),
        ("orientation/Landscape_6.jpg", 400, 600, 6, 600, 400),
        ("orientation/Landscape_7.jpg", 400, 600, 7, 600, 400),
        ("orientation/Landscape_8.jpg", 400, 600, 8, 600, 400),
        ("orientation/Portrait_1.jpg", 400, 600, 1, 400, 600),
        ("orientation/Portrait_2.jpg", 400, 600, 2, 400, 600),
        ("orientation/Portrait_3.jpg", 400, 600, 3, 400, 600),
        ("orientation/Portrait_4.jpg", 400, 600, 4, 400, 600),
        ("orientation/Portrait_5.jpg", 600, 400, 5, 400, 600),
        ("orientation/Portrait_6.jpg", 600, 400, 6, 400, 600),
        ("orientation/Portrait_7.jpg", 600, 400, 7, 400, 600),
        ("orientation/Portrait_8.jpg", 600, 400, 8, 400, 600),
        ]
}
