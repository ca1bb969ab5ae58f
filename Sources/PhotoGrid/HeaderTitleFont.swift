import GridLayout

/// The built-in bitmap font `render` writes section titles with: 5×7 glyphs for what titles hold —
/// digits and the hyphen of `2024-03-01` (any other character is drawn as a blank).
enum HeaderTitleFont {
    /// Glyph rows, top to bottom; bit 4 is the leftmost column.
    static let glyphs: [Character: [UInt8]] = [
        "0": [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        "1": [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        "2": [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        "3": [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        "4": [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        "5": [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        "6": [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        "7": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        "8": [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        "9": [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        "-": [0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00],
    ]
    static let columns = 5, rows = 7

    /// The lit squares of `text` in a box starting at `origin`, each glyph square `dot` wide, glyphs one
    /// dot apart: the rects to fill, in the same units as `origin`.
    static func dots(_ text: String, origin: Point, dot: Double) -> [Rect] {
        var result: [Rect] = []
        for (k, character) in text.enumerated() {
            guard let rows = glyphs[character] else { continue }
            let left = origin.x + Double(k * (columns + 1)) * dot
            for (r, bits) in rows.enumerated() {
                for c in 0..<columns where bits & (0x10 >> UInt8(c)) != 0 {
                    result.append(Rect(x: left + Double(c) * dot, y: origin.y + Double(r) * dot, width: dot, height: dot))
                }
            }
        }
        return result
    }
}
