import Platform

/// Helpers for paths held as raw bytes.
package enum PathBytes {
    /// Byte-wise lexicographic order (what SQLite's BLOB comparison does, memcmp then length).
    package static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let common = min(a.count, b.count)
        let order = a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb -> Int32 in
                guard common > 0, let left = pa.baseAddress, let right = pb.baseAddress else { return 0 }
                return memcmp(left, right, common)
            }
        }
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// Display text for a path: UTF-8, each invalid byte shown as U+FFFD.
    package static func displayText(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
