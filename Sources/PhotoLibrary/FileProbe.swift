import JPEG

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A probed file: its JPEG header and the hash of its first 64 KiB (for the content key).
public struct ProbedFile: Sendable, Equatable {
    public var header: JPEGHeader
    /// XXH64 of the first min(file size, 64 KiB) bytes.
    public var prefixHash: UInt64

    public init(header: JPEGHeader, prefixHash: UInt64) {
        self.header = header
        self.prefixHash = prefixHash
    }
}

/// How the indexer reads a JPEG header from an open file. The default reads the first 64 KiB once
/// and parses them with libjpeg through the JPEG module; tests substitute one that counts calls (to
/// prove what a rescan opens) or fakes results.
public struct FileProbe: Sendable {
    /// Probes the regular file open as `descriptor` (read with pread from offset 0; the descriptor
    /// stays the caller's). `path` is for error messages only.
    public var probe: @Sendable (_ descriptor: Int32, _ path: String) throws(JPEGError) -> ProbedFile

    public init(_ probe: @escaping @Sendable (_ descriptor: Int32, _ path: String) throws(JPEGError) -> ProbedFile) {
        self.probe = probe
    }

    /// The real probe: one pread of 64 KiB, hashed, and parsed by `JPEGHeader.probe(bytes:)`; when
    /// the header goes on past 64 KiB (big APPn segments), `JPEGHeader.probe(fileDescriptor:)` reads on.
    public static let libjpeg = FileProbe { descriptor, path throws(JPEGError) in
        let prefix = try readPrefix(descriptor, path: path)
        let hash = PrefixHash.xxh64(prefix)
        do throws(JPEGError) {
            return ProbedFile(header: try JPEGHeader.probe(bytes: prefix), prefixHash: hash)
        } catch {
            guard case .truncated = error, prefix.count == PrefixHash.length else { throw error }
            return ProbedFile(header: try JPEGHeader.probe(fileDescriptor: descriptor, path: path).header,
                              prefixHash: hash)
        }
    }

    /// The first min(file size, 64 KiB) bytes, read with pread (retrying short reads and EINTR).
    static func readPrefix(_ descriptor: Int32, path: String) throws(JPEGError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: PrefixHash.length) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                let count = pread(descriptor, buffer.baseAddress.map { $0 + initialized }, buffer.count - initialized,
                                  off_t(initialized))
                if count > 0 {
                    initialized += count
                } else if count == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        if failure != 0 { throw .system(call: "pread", path: path, errno: failure) }
        return bytes
    }
}
