import Foundation
import Testing
@testable import PhotoGrid
@testable import photogrid

/// The last guards of what PhotoGrid prints: terminal escaping of raw path bytes, and JSON that never
/// holds a non-finite number.
@Suite("ConsoleText and non-finite JSON numbers")
struct TextAndNumberSafetyTests {
    @Test("raw bytes: valid UTF-8 kept, controls and each invalid byte escaped", arguments: [
        (Array("café.jpg".utf8), "café.jpg"),
        ([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A], "caf\\xe9.j"),                 // Latin-1 é
        ([0x1B, 0x5B, 0x32, 0x4A], "\\x1b[2J"),                               // ESC [ 2 J
        ([0x61, 0x0A, 0x62, 0x5C], "a\\nb\\\\"),                              // newline, backslash
        ([0xC0, 0x80], "\\xc0\\x80"),                                         // overlong NUL
        ([0xED, 0xA0, 0x80], "\\xed\\xa0\\x80"),                              // UTF-16 surrogate D800
        ([0xF4, 0x90, 0x80, 0x80], "\\xf4\\x90\\x80\\x80"),                   // U+110000, above Unicode
        ([0xE2, 0x82], "\\xe2\\x82"),                                         // truncated sequence
        ([0xC2, 0x9B, 0x41], "\\x9bA"),                                       // U+009B, the C1 CSI
        ([0xF0, 0x9F, 0x93, 0xB7], "📷"),                                      // U+1F4F7
    ] as [([UInt8], String)])
    func escapedBytes(bytes: [UInt8], expected: String) {
        #expect(ConsoleText.escaped(bytes: bytes) == expected)
    }

    @Test("terminalSafe escapes stray controls but keeps line breaks and backslashes")
    func terminalSafe() {
        #expect(ConsoleText.terminalSafe("a\\x1b\nb\u{1B}[2J\n") == "a\\x1b\nb\\x1b[2J\n")
    }

    struct Infinite: JSONWritable, Encodable {
        var value: Double
        func write(to w: inout JSONWriter) { w.object { w in w.key("value"); w.value(value) } }
    }

    @Test("a document holding inf or NaN is refused, not printed with null", arguments: [Double.infinity, -.infinity, .nan])
    func nonFinite(value: Double) {
        #expect(throws: NonFiniteNumberError.self) { try Infinite(value: value).documentBytes() }
        #expect(throws: NonFiniteNumberError.self) { try DocumentEncoding.bytes(Infinite(value: value)) }
        #expect(throws: Never.self) { try Infinite(value: 1e308).documentBytes() }
    }

    @Test("pathBytes is present exactly when the bytes are not UTF-8")
    func pathBytes() {
        #expect(PathBytesField.base64IfNotUTF8(Array("café.jpg".utf8)) == nil)
        // 63 61 66 E9 2E 6A 70 67 → base64 by hand: Y2Fm 6S5q cGc=
        #expect(PathBytesField.base64IfNotUTF8([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67]) == "Y2Fm6S5qcGc=")
    }
}
