internal import PhotoGridSupport

/// Reading a WebP through `ReadOnlyFile`, its failures as `WebPError.system`.
extension ReadOnlyFile {
    init(webP path: String) throws(WebPError) {
        do { try self.init(path: path) } catch { throw .system(call: error.call, path: path, errno: error.errno) }
    }

    func webPBytes(_ count: Int, at offset: Int) throws(WebPError) -> [UInt8] {
        do { return try read(count, at: offset) } catch { throw .system(call: error.call, path: path, errno: error.errno) }
    }

    func allWebPBytes() throws(WebPError) -> [UInt8] {
        do { return try readAll() } catch { throw .system(call: error.call, path: path, errno: error.errno) }
    }
}
