internal import CWebP

/// libwebp's VP8StatusCode as its name.
enum WebPStatus {
    static func name(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OK: return "VP8_STATUS_OK"
        case VP8_STATUS_OUT_OF_MEMORY: return "VP8_STATUS_OUT_OF_MEMORY"
        case VP8_STATUS_INVALID_PARAM: return "VP8_STATUS_INVALID_PARAM"
        case VP8_STATUS_BITSTREAM_ERROR: return "VP8_STATUS_BITSTREAM_ERROR"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "VP8_STATUS_UNSUPPORTED_FEATURE"
        case VP8_STATUS_SUSPENDED: return "VP8_STATUS_SUSPENDED"
        case VP8_STATUS_USER_ABORT: return "VP8_STATUS_USER_ABORT"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "VP8_STATUS_NOT_ENOUGH_DATA (the file is truncated)"
        default: return "VP8StatusCode \(status.rawValue)"
        }
    }
}
