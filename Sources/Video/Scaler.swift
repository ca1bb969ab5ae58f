internal import CFFmpeg

/// A libswscale context converting one frame's pictures to RGB8 of a given size: one owner, freed with it.
final class Scaler {
    let context: OpaquePointer
    let width: Int
    let height: Int

    /// Converts `frame`'s pixel format, size, YCbCr matrix and range to `width`×`height` RGB8 (bicubic, as
    /// ffmpeg's scale filter; its matrix is the frame's when one of libswscale's, else BT.601, and its
    /// range the frame's, as the scale filter's "auto" takes them).
    init(from frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int) throws(VideoError) {
        let source = frame.pointee
        guard let context = sws_getContext(source.width, source.height, AVPixelFormat(rawValue: source.format),
                                           Int32(width), Int32(height), AV_PIX_FMT_RGB24,
                                           Int32(SWS_BICUBIC), nil, nil, nil) else {
            throw .ffmpeg(call: "sws_getContext", code: PG_AVERROR_EINVAL,
                          reason: "no conversion from pixel format \(source.format) at \(source.width)×\(source.height)")
        }
        self.context = context
        self.width = width
        self.height = height
        var inverse: UnsafeMutablePointer<Int32>?, table: UnsafeMutablePointer<Int32>?
        var sourceFull: Int32 = 0, targetFull: Int32 = 0, brightness: Int32 = 0, contrast: Int32 = 0, saturation: Int32 = 0
        // Fails for RGB sources, which have no matrix: nothing to set then.
        guard sws_getColorspaceDetails(context, &inverse, &sourceFull, &table, &targetFull, &brightness, &contrast, &saturation) >= 0,
              let table else { return }
        let space = Int32(source.colorspace.rawValue)
        let matrix = (1...10).contains(space) && space != 8 ? space : Int32(AVCOL_SPC_BT470BG.rawValue)
        // A yuvj format is full range whatever the frame says (libswscale has already set that).
        let full: Int32 = source.color_range == AVCOL_RANGE_JPEG ? 1 : source.color_range == AVCOL_RANGE_MPEG ? 0 : sourceFull
        guard let coefficients = sws_getCoefficients(matrix) else { return }
        let set = sws_setColorspaceDetails(context, coefficients, full, table, targetFull, brightness, contrast, saturation)
        guard set >= 0 else { throw .ffmpeg(call: "sws_setColorspaceDetails", code: set, reason: "unsupported colour conversion") }
    }

    deinit { sws_freeContext(context) }

    /// `frame`'s picture converted into `rows`, `stride` bytes apart (at least width × 3, `height` rows).
    func scale(_ frame: UnsafeMutablePointer<AVFrame>, into rows: UnsafeMutablePointer<UInt8>, stride: Int) throws(VideoError) {
        let done = withUnsafePointer(to: &frame.pointee.data) { planes in
            withUnsafePointer(to: &frame.pointee.linesize) { strides in
                planes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                    strides.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        var target: [UnsafeMutablePointer<UInt8>?] = [rows, nil, nil, nil]
                        var targetStrides: [Int32] = [Int32(stride), 0, 0, 0]
                        return sws_scale(context, planes, strides, 0, frame.pointee.height, &target, &targetStrides)
                    }
                }
            }
        }
        guard done == height else { throw .ffmpeg(call: "sws_scale", code: done < 0 ? done : PG_AVERROR_EINVAL, reason: "wrote \(done) of \(height) rows") }
    }
}
