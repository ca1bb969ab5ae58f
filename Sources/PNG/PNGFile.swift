internal import PhotoGridSupport

/// Reading a PNG through `ReadOnlyFile`, its failures as `PNGError.system`.
extension ReadOnlyFile {
    init(png path: String) throws(PNGError) {
        do { try self.init(path: path) } catch { throw .system(call: error.call, path: path, errno: error.errno) }
    }

    func pngBytes(_ count: Int, at offset: Int) throws(PNGError) -> [UInt8] {
        do { return try read(count, at: offset) } catch { throw .system(call: error.call, path: path, errno: error.errno) }
    }

    func pngSize() throws(PNGError) -> Int {
        do { return try size() } catch { throw .system(call: error.call, path: path, errno: error.errno) }
    }
}
