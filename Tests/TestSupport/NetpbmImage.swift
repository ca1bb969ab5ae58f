#if canImport(Glibc)
import Glibc
#endif

/// A binary PPM (P6) or PAM (P7) image as independent decoders write it (dwebp -pam, convert ppm:-),
/// reduced to packed RGB8 with any alpha composited on white (rounded, as the decoders under test promise).
public struct NetpbmImage: Equatable {
    public var width: Int
    public var height: Int
    /// `width × height × 3` bytes.
    public var rgb: [UInt8]

    /// Parses P6 (maxval 255 or 65535) or P7 (RGB or RGB_ALPHA, maxval 255).
    public init?(_ bytes: [UInt8]) {
        var position = 0
        func token() -> String? {
            while position < bytes.count, bytes[position] == 0x23 || bytes[position] <= 0x20 {
                if bytes[position] == 0x23 { while position < bytes.count, bytes[position] != 0x0A { position += 1 } }
                position += 1
            }
            let start = position
            while position < bytes.count, bytes[position] > 0x20 { position += 1 }
            return start < position ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }
        var channels = 3, maxval = 255
        switch token() {
        case "P6":
            guard let w = token().flatMap(Int.init), let h = token().flatMap(Int.init), let m = token().flatMap(Int.init) else { return nil }
            (width, height, maxval) = (w, h, m)
        case "P7":
            var w = 0, h = 0
            while let key = token(), key != "ENDHDR" {
                switch key {
                case "WIDTH": w = token().flatMap(Int.init) ?? 0
                case "HEIGHT": h = token().flatMap(Int.init) ?? 0
                case "DEPTH": channels = token().flatMap(Int.init) ?? 0
                case "MAXVAL": maxval = token().flatMap(Int.init) ?? 0
                default: _ = token()
                }
            }
            (width, height) = (w, h)
        default: return nil
        }
        position += 1
        let sampleBytes = maxval > 255 ? 2 : 1
        guard channels == 3 || channels == 4, bytes.count - position >= width * height * channels * sampleBytes else { return nil }
        rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            func sample(_ c: Int) -> UInt32 {
                let offset = position + (i * channels + c) * sampleBytes
                return UInt32(bytes[offset])  // 16-bit samples are big-endian: their high byte
            }
            let alpha = channels == 4 ? sample(3) : 255
            for c in 0..<3 { rgb[i * 3 + c] = UInt8((sample(c) * alpha + 255 * (255 - alpha) + 127) / 255) }
        }
    }

    /// Peak signal-to-noise ratio in dB of two equally long RGB8 buffers (infinity when identical).
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        var sum = 0.0
        for i in a.indices { let d = Double(a[i]) - Double(b[i]); sum += d * d }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
