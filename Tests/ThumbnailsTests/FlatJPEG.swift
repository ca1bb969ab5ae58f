/// A baseline 4:2:0 JPEG of one flat colour, written bit by bit, so that a photo of any size (a
/// 200 MP phone photo) costs little memory and little disk: no pixel buffer is ever made.
///
/// Built from the JPEG standard (ITU-T T.81) alone, not with our encoder:
/// - one quantization table of all 1s, so a stored coefficient is the DCT coefficient itself;
/// - components Y (2×2 sampling), Cb and Cr (1×1), MCUs of 16×16 pixels holding 4 + 1 + 1 blocks;
/// - a flat 8×8 block of level-shifted value `v − 128` has DC coefficient `8·(v − 128)` and no AC
///   coefficients (F(0,0) = ¼·½·Σf = 64f/8), so every block is: its DC difference, then EOB;
/// - one DC Huffman table: category 0 → `0`, and the categories of the three first DC values →
///   `100`, `101`, `110` (canonical codes: 1 code of length 1, 3 of length 3); one AC table holding
///   only EOB (0x00) → `0`. After the first MCU every block is the two bits `00`, so the scan data
///   is about 2 bits per block: 1.2 MB for 16000×12500.
enum FlatJPEG {
    /// The bytes of a `width` × `height` JPEG whose every pixel is (`y`, `cb`, `cr`) in YCbCr.
    static func make(width: Int, height: Int, y: Int, cb: Int, cr: Int) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ payload: [UInt8]) {
            let length = payload.count + 2
            out += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))  // DQT: table 0, 8-bit, all 1
        segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                       1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0])       // SOF0: Y 2×2, Cb 1×1, Cr 1×1, table 0
        let dc = [y, cb, cr].map { 8 * ($0 - 128) }
        var categories = [0]
        for value in dc where !categories.contains(category(value)) { categories.append(category(value)) }
        var counts = [UInt8](repeating: 0, count: 16)
        counts[0] = 1
        counts[2] = UInt8(categories.count - 1)
        segment(0xC4, [0x00] + counts + categories.map(UInt8.init))              // DHT: DC table 0
        segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])    // DHT: AC table 0, EOB only
        segment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0])                  // SOS: all three, 0…63

        // The DC code of each category: `0` for 0, then 100, 101, 110 in the table's order.
        var bits = BitWriter()
        func writeDC(_ difference: Int) {
            let k = category(difference)
            let index = categories.firstIndex(of: k)!
            if index == 0 { bits.write(0, count: 1) } else { bits.write(0b100 + index - 1, count: 3) }
            if k > 0 { bits.write(difference >= 0 ? difference : difference + (1 << k) - 1, count: k) }
            bits.write(0, count: 1)  // EOB
        }
        writeDC(dc[0])                    // the first MCU: Y blocks 1–4, Cb, Cr
        for _ in 1..<4 { writeDC(0) }
        writeDC(dc[1])
        writeDC(dc[2])
        let mcus = ((width + 15) / 16) * ((height + 15) / 16)
        bits.writeZeros((mcus - 1) * 6 * 2)  // every other block: DC difference 0 (`0`), EOB (`0`)
        out += bits.finished()
        out += [0xFF, 0xD9]
        return out
    }

    /// The Huffman category of a DC difference: the number of bits of its magnitude.
    static func category(_ value: Int) -> Int {
        var magnitude = abs(value), bits = 0
        while magnitude > 0 { magnitude >>= 1; bits += 1 }
        return bits
    }

    /// Entropy-coded bits, most significant first, with a 0x00 stuffed after every 0xFF byte.
    struct BitWriter {
        var bytes: [UInt8] = []
        var current = 0, used = 0

        mutating func write(_ value: Int, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) {
                current = current << 1 | (value >> shift) & 1
                used += 1
                if used == 8 { flush() }
            }
        }

        /// `count` zero bits, a byte at a time where possible.
        mutating func writeZeros(_ count: Int) {
            var left = count
            while left > 0 && used > 0 { write(0, count: 1); left -= 1 }
            bytes.append(contentsOf: repeatElement(0, count: left / 8))
            write(0, count: left % 8)
        }

        mutating func flush() {
            bytes.append(UInt8(current))
            if current == 0xFF { bytes.append(0) }
            current = 0
            used = 0
        }

        /// The bytes, the last one padded with 1 bits.
        mutating func finished() -> [UInt8] {
            if used > 0 { write((1 << (8 - used)) - 1, count: 8 - used) }
            return bytes
        }
    }
}
