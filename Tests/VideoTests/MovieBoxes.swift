import Foundation

/// Byte surgery on an MP4/MOV the test has made: rewrites fields ffmpeg 5.1 cannot write (a mirrored
/// display matrix, an absurd size or duration), found by their box's four-character code.
struct MovieBoxes {
    var bytes: [UInt8]

    init(path: String) throws { bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    func write(to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    /// The offset of the first `type` box's type field (its size is the 4 bytes before) at or after
    /// `start`, nil when absent. (A plain byte search: the test's files are small and known.)
    func find(_ type: String, after start: Int = 4) -> Int? {
        let code = Array(type.utf8)
        guard bytes.count >= start + 4 else { return nil }
        return (start..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(code) }
    }

    mutating func put32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
    }

    mutating func put16(_ value: UInt16, at offset: Int) {
        bytes[offset] = UInt8(value >> 8); bytes[offset + 1] = UInt8(value & 0xFF)
    }

    /// Sets the first track header's matrix to a, b, c, d (each −1, 0 or 1; 16.16), no translation.
    mutating func setTrackMatrix(_ a: Int, _ b: Int, _ c: Int, _ d: Int) throws {
        guard let tkhd = find("tkhd") else { throw CocoaError(.fileReadCorruptFile) }
        // type, version+flags, times and ids (20 bytes in version 0, 32 in 1), 16 reserved/layer/volume bytes.
        let matrix = tkhd + 4 + 4 + (bytes[tkhd + 4] == 1 ? 32 : 20) + 16
        let values = [a, b, 0, c, d, 0, 0, 0, 0]
        for (i, value) in values.enumerated() {
            put32(UInt32(bitPattern: i == 8 ? Int32(1 << 30) : Int32(value * 65536)), at: matrix + 4 * i)
        }
    }

    /// Sets the width and height of the first `entry` visual sample entry ("avc1", "hvc1" …) in an `stsd`.
    mutating func setSampleEntrySize(_ entry: String, width: UInt16, height: UInt16) throws {
        guard let stsd = find("stsd"), let box = find(entry, after: stsd) else { throw CocoaError(.fileReadCorruptFile) }
        // type, 6 reserved, data reference index, 16 bytes of pre_defined/reserved, then width and height.
        put16(width, at: box + 4 + 6 + 2 + 16)
        put16(height, at: box + 4 + 6 + 2 + 16 + 2)
    }

    /// Sets the movie header's (version 0) timescale and duration.
    mutating func setMovieDuration(timescale: UInt32, duration: UInt32) throws {
        guard let mvhd = find("mvhd"), bytes[mvhd + 4] == 0 else { throw CocoaError(.fileReadCorruptFile) }
        put32(timescale, at: mvhd + 4 + 4 + 8)
        put32(duration, at: mvhd + 4 + 4 + 12)
    }
}
