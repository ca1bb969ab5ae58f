import PhotoGridSupport

/// The package's file reader (`ReadOnlyFile`) with JPEG's errors.
extension ReadOnlyFile {
    /// Opens `path` read-only.
    init(jpeg path: String) throws(JPEGError) {
        do { try self.init(path: path) } catch { throw .system(call: error.call, path: path, errno: error.errno) }
    }
}

/// Reads from `descriptor` at `offset` into `buffer` until it is full or the file ends
/// (`ReadOnlyFile.read(_:into:at:)`); returns the number of bytes read. `path` names the file in errors.
func preadFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int,
                path: String) throws(JPEGError) -> Int {
    do { return try ReadOnlyFile.read(descriptor, into: buffer, at: offset) } catch {
        throw .system(call: error.call, path: path, errno: error.errno)
    }
}
