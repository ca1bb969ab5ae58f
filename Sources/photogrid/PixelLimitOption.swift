import PhotoGridSupport
import ArgumentParser
import PhotoGrid

/// `--pixel-limit MP`, shared by the commands that decode photos for thumbnails (`thumbs`, `export`).
struct PixelLimitOption: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The most megapixels one photo's decoding may hold in memory.",
        discussion: """
        Counted after shrink-on-load: the pixels decoded (a 200 MP photo is 3.1 MP at 1/8, and a grid \
        thumbnail decodes only its square), plus, for a progressive JPEG, the coefficients libjpeg keeps for the whole \
        photo at full size (1 MP per photo megapixel for 4:2:0 colour, 2 for 4:4:4). A megapixel here is \
        3 MB, so the default 256 is about 770 MB. A photo above the limit is refused before anything is \
        allocated for it; so is a file too short for the size it declares (a decompression bomb).
        """,
        valueName: "mp"))
    var pixelLimit: Double = Double(ThumbnailRequest().pixelLimit) / 1_000_000

    /// The limit in pixels; a usage error when it is not a positive number of megapixels.
    func pixels() throws(UsageError) -> Int {
        guard pixelLimit.isFinite, pixelLimit > 0, pixelLimit <= 1_000_000 else {
            throw UsageError("--pixel-limit must be greater than 0 and at most 1,000,000 megapixels (got \(pixelLimit))")
        }
        return Int((pixelLimit * 1_000_000).rounded())
    }
}
