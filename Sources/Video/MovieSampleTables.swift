import PhotoGridSupport
import Platform

/// A check of an MP4/MOV's sample tables before libavformat reads them: the number of samples they
/// declare must fit the file.
///
/// FFmpeg 5.1's MOV demuxer builds an index entry for every declared sample inside
/// `avformat_open_input` — beyond the pixel limit and the read deadline (it reads nothing while it
/// fills): a 974-byte fragment whose `trun` declares 2^25 samples took 1.1 GB, a 4 KB file whose `stsz`
/// (constant size 1) and `stts` declare 2^26 samples 3.5 GB and 11 s (found by the video fuzzer). A real
/// movie stores every sample in the file, so each track's count, and the fragments' total, is at most
/// the file's size in bytes — and at most `sampleLimit` (38 hours of 60 fps video). Only box headers and
/// the few counts are read: the walk visits at most `boxLimit` boxes.
enum MovieSampleTables {
    /// The most samples one track (or all fragments together) may declare.
    static let sampleLimit = 1 << 23
    /// The most boxes the walk reads.
    static let boxLimit = 8192

    /// Throws `.implausibleSampleCount` when a track's `stsz`/`stz2`/`stts`, or the fragments' `trun`
    /// boxes together, declare more samples than the file can hold.
    static func check(path: String) throws(VideoError) {
        let file: ReadOnlyFile
        do { file = try ReadOnlyFile(path: path) } catch { throw .unreadable(call: error.call, errno: error.errno) }
        let size: Int
        do { size = try file.size() } catch { throw .unreadable(call: error.call, errno: error.errno) }
        let limit = min(sampleLimit, size)
        var walk = Walk(descriptor: file.descriptor, fileSize: size, limit: limit)
        try walk.boxes(from: 0, to: size, depth: 0)
        if walk.fragmentSamples > limit { throw .implausibleSampleCount(samples: walk.fragmentSamples, fileSize: size) }
    }

    /// Containers whose children are walked; the sample boxes whose counts are read.
    static let containers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "moof", "traf", "edts", "mvex"]

    private struct Walk {
        /// The file's descriptor (the caller's `ReadOnlyFile` owns it).
        let descriptor: Int32
        let fileSize: Int
        let limit: Int
        var visited = 0
        var fragmentSamples = 0

        mutating func boxes(from start: Int, to end: Int, depth: Int) throws(VideoError) {
            var offset = start
            while offset <= end - 8, visited < boxLimit, depth < 8 {
                visited += 1
                let head = read(16, at: offset)
                guard head.count >= 8 else { return }
                var length = Int(be32(head, 0))
                var headerLength = 8
                if length == 1 {
                    guard head.count >= 16 else { return }
                    let large = be64(head, 8)
                    length = Int(min(large, UInt64(Int.max))); headerLength = 16
                } else if length == 0 {
                    length = end - offset
                }
                // As FFmpeg's reader does: a box longer than what is left of its parent is cut to it.
                guard length >= headerLength else { return }
                length = min(length, end - offset)
                let type = String(decoding: head[4..<8], as: UTF8.self)
                let body = offset + headerLength, bodyEnd = offset + length
                if MovieSampleTables.containers.contains(type) {
                    try boxes(from: body, to: bodyEnd, depth: depth + 1)
                } else {
                    try count(type, body: body, end: bodyEnd)
                }
                offset += length
            }
        }

        /// Reads the sample count of a `stsz`, `stz2`, `stts` or `trun` box.
        mutating func count(_ type: String, body: Int, end: Int) throws(VideoError) {
            switch type {
            case "stsz", "stz2":
                let fields = read(12, at: body)
                guard fields.count == 12 else { return }
                try require(Int(be32(fields, 8)))
            case "stts":
                let fields = read(8, at: body)
                guard fields.count == 8 else { return }
                let entries = min(Int(be32(fields, 4)), (end - body - 8) / 8)
                guard entries > 0 else { return }
                let table = read(entries * 8, at: body + 8)
                var total = 0
                for entry in 0..<(table.count / 8) {
                    total += Int(be32(table, entry * 8))
                    if total > limit { break }
                }
                try require(total)
            case "trun":
                let fields = read(8, at: body)
                guard fields.count == 8 else { return }
                fragmentSamples += Int(be32(fields, 4))
                if fragmentSamples > limit { throw .implausibleSampleCount(samples: fragmentSamples, fileSize: fileSize) }
            default:
                break
            }
        }

        func require(_ samples: Int) throws(VideoError) {
            if samples > limit { throw .implausibleSampleCount(samples: samples, fileSize: fileSize) }
        }

        /// Up to `count` bytes at `offset` (fewer at the end of the file or on an error: the walk stops).
        func read(_ count: Int, at offset: Int) -> [UInt8] {
            guard count > 0, offset >= 0 else { return [] }
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if got > 0 { done += got } else if got < 0, errno == EINTR { continue } else { break }
            }
            bytes.removeSubrange(done...)
            return bytes
        }

        func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }

        func be64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
            bytes[at..<at + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
