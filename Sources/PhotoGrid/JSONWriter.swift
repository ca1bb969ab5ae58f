/// A fast JSON writer for PhotoGrid's documents: compact, keys in the order written (callers write them
/// sorted), numbers formatted as Foundation's `JSONEncoder` does (shortest round-trip form, integral values
/// without ".0", "/" unescaped). Tests hold its output byte-equal to `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes`; it exists because
/// `JSONEncoder` takes ~1.4 s for a 100,000-cell layout and this takes a few tens of milliseconds.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// How many numbers were not finite (written as `null`; `documentBytes()` refuses such a document).
    public private(set) var nonFiniteNumbers = 0
    private var needsComma = false

    public init(reservingCapacity capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes `{`, the members `body` writes, and `}`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`, the elements `body` writes, and `]`.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":`; the value written next belongs to it.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func value(_ number: Double) {
        separate()
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            // Integral values print without a fraction ("129", "-0" as Foundation does).
            if number == 0 && number.sign == .minus { bytes.append(contentsOf: "-0".utf8) }
            else { appendDigits(Int64(number)) }
        } else if abs(number) < 1e6, (number * 256) == (number * 256).rounded() {
            appendDyadic(number)
        } else if number.isFinite {
            bytes.append(contentsOf: number.description.utf8)
        } else {
            // JSON has no infinities or NaN; PhotoGrid never produces them for valid input.
            bytes.append(contentsOf: "null".utf8)
            nonFiniteNumbers += 1
        }
        needsComma = true
    }

    public mutating func value(_ number: Int) {
        separate()
        appendDigits(Int64(number))
        needsComma = true
    }

    /// Appends a non-integral `m / 256` (|value| < 1e6) exactly: its decimal expansion has at most 8
    /// fraction digits and 14 significant digits, so it is also the shortest round-trip form that
    /// `description` (and Foundation) print — layout values like −21.5 or 104.75 are all of this kind.
    private mutating func appendDyadic(_ value: Double) {
        let scaled = Int64((abs(value) * 256).rounded())
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(scaled >> 8)
        bytes.append(UInt8(ascii: "."))
        // fraction/256 = fraction × 390625 / 10^8: eight decimal digits, trailing zeros dropped.
        var fraction = (scaled & 0xFF) * 390_625
        var digits = 8
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        var divisor: Int64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends a decimal integer without allocating a String.
    private mutating func appendDigits(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    public mutating func value(_ flag: Bool) {
        separate()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        needsComma = true
    }

    /// A string, escaped as `JSONEncoder` with `.withoutEscapingSlashes` does (`"`, `\`, control characters).
    public mutating func value(_ string: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        // Most strings (paths, keys, URLs) need no escape: copied whole.
        var text = string
        let plain = text.withUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
            needsComma = true
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }
}

/// A document that can write itself with `JSONWriter`, keys in sorted order.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The compact JSON bytes of this value.
    public func jsonBytes(reservingCapacity capacity: Int = 4096) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: capacity)
        write(to: &writer)
        return writer.bytes
    }

    /// The compact JSON bytes to print or save: a document holding a number that is not finite is
    /// refused (an internal error: inputs that lead there are usage errors).
    public func documentBytes(reservingCapacity capacity: Int = 4096) throws(NonFiniteNumberError) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: capacity)
        write(to: &writer)
        guard writer.nonFiniteNumbers == 0 else { throw NonFiniteNumberError() }
        return writer.bytes
    }
}
