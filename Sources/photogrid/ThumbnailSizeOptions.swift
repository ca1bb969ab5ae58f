import ArgumentParser
import PhotoGrid

/// What thumbnails to make and with how many threads, shared by `thumbs` and `worker`.
struct ThumbnailSizeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Viewport width in points: grid cells are sized for it.", valueName: "w"))
    var width: Double = ThumbnailRequest.defaultWidth

    @Option(parsing: .unconditional, help: ArgumentHelp("Display scale (device pixels per point).", valueName: "k"))
    var scale: Double = ThumbnailRequest.defaultScale

    @Option(parsing: .unconditional, help: ArgumentHelp("Also make detail thumbnails fitted within this many pixels.", valueName: "px"))
    var detailSize: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads making thumbnails (default: one per active core).", valueName: "n"))
    var jobs: Int?

    @OptionGroup var pixelLimit: PixelLimitOption

    /// The request for these options, thumbnails going to `folder` (nil: the default), validated.
    func request(folder: String?) throws(UsageError) -> ThumbnailRequest {
        let request = ThumbnailRequest(width: width, scale: scale, detailSize: detailSize, jobs: jobs,
                                       pixelLimit: try pixelLimit.pixels(), folder: folder)
        try request.validate()
        return request
    }
}
