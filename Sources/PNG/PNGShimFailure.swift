internal import CPNGShims

/// Turns a CPNGShims status and its diagnostics into a `PNGError` and warnings.
enum PNGShimFailure {
    static func error(_ status: pgpng_status, _ diagnostics: pgpng_diagnostics, path: String) -> PNGError {
        let call = diagnostics.call.map { String(cString: $0) } ?? "libpng"
        switch status {
        case PGPNG_STATUS_SYSTEM: return .system(call: "pread", path: path, errno: Int32(diagnostics.system_errno))
        case PGPNG_STATUS_TRUNCATED: return .truncated(call: call)
        case PGPNG_STATUS_SIZE_CHANGED: return .sizeChanged(path: path)
        default: return .libpng(call: call, message: message(diagnostics.message))
        }
    }

    static func warnings(_ diagnostics: pgpng_diagnostics) -> [String] {
        guard diagnostics.warning_count > 0 else { return [] }
        let first = message(diagnostics.first_warning)
        return ["libpng: \(first)" + (diagnostics.warning_count > 1 ? " (and \(diagnostics.warning_count - 1) more warnings)" : "")]
    }

    static func message<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
