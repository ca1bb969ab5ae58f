import CRuntimeHooks

/// A fast JSON writer for PhotoGrid's documents: compact, keys in the order written (callers write them
/// sorted), numbers formatted as Foundation's `JSONEncoder` does (shortest round-trip form, integral values
/// without ".0", "/" unescaped). Tests hold its output byte-equal to `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes`; it exists because
/// `JSONEncoder` takes ~1.4 s for a 100,000-cell layout and this takes a few tens of milliseconds.
public struct JSONWriter: ~Copyable, @unchecked Sendable {
    // The bytes live in memory this writer alone owns (it cannot be copied), written through a pointer:
    // an Array's per-append uniqueness and capacity checks cost a server's layout route a third of
    // its document time.
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// How many numbers were not finite (written as `null`; `documentBytes()` refuses such a document).
    public private(set) var nonFiniteNumbers = 0
    private var needsComma = false
    /// The last cell frame's height and y (bit pattern, where their bytes were written): `rect(…,
    /// rememberingRow: true)`.
    private var rowNumbers = (FormattedNumber(), FormattedNumber())

    /// The pieces kept from earlier documents, copied instead of written again (`piece`): held, and their
    /// storage read through pointers (no reference counted per piece).
    private let piecesOwner: JSONPieces?
    private let pieces: JSONPieces.Storage?

    /// A writer with room for `capacity` bytes, copying and keeping `pieces`.
    public init(reservingCapacity capacity: Int = 4096, pieces: JSONPieces? = nil) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
        piecesOwner = pieces
        self.pieces = pieces?.storage
    }

    deinit { start.deallocate() }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// `body` on the bytes written so far, without copying them.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Writes `{`, the members `body` writes, and `}`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        put(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `{`: members follow, then `endObject()` (what `object(_:)` does, without a closure, for
    /// the documents' hot paths).
    public mutating func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
    }

    /// Writes the `}` of `beginObject()`.
    public mutating func endObject() {
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`, the elements `body` writes, and `]`.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        put(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":`; the value written next belongs to it.
    @inline(__always)
    public mutating func key(_ key: StaticString) {
        let length = key.utf8CodeUnitCount
        reserve(length + 4)
        if needsComma { start[count] = UInt8(ascii: ","); count += 1 }
        start[count] = UInt8(ascii: "\""); count += 1
        (start + count).update(from: key.utf8Start, count: length); count += length
        start[count] = UInt8(ascii: "\""); start[count + 1] = UInt8(ascii: ":"); count += 2
        needsComma = false
    }

    /// How many bytes are written: where the next value starts (for `repeatValue(writtenAt:)`).
    public var position: Int { count }

    /// Writes again, as the next value, the bytes of a value written before at `range` (`position` before
    /// and after it): a cell's image frame equal to its frame is copied, not formatted twice.
    public mutating func repeatValue(writtenAt range: Range<Int>) {
        separate()
        repeatBytes(range)
        needsComma = true
    }

    /// Appends the bytes written at `range` again.
    @inline(__always)
    private mutating func repeatBytes(_ range: Range<Int>) {
        reserve(range.count)
        (start + count).update(from: start + range.lowerBound, count: range.count)
        count += range.count
    }

    @inline(__always)
    public mutating func value(_ number: Double) {
        separate()
        appendNumber(number)
        needsComma = true
    }

    /// Writes `{"height":…,"width":…,"x":…,"y":…}`: a rectangle, the documents' most frequent object,
    /// its keys copied as two pieces of text each instead of one key at a time. With `rememberingRow`
    /// (a cell's frame), a height or y equal to the last such rectangle's is copied, not formatted again:
    /// a justified row's cells share them.
    @inline(__always)
    public mutating func rect(height: Double, width: Double, x: Double, y: Double, rememberingRow: Bool = false) {
        rectHead(height: height, width: width, x: x, rememberingRow: rememberingRow)
        rectY(y, rememberingRow: rememberingRow)
    }

    /// Writes a rectangle up to its y, `{"height":…,"width":…,"x":…,"y":`; `rectY` ends it.
    @inline(__always)
    public mutating func rectHead(height: Double, width: Double, x: Double, rememberingRow: Bool = false) {
        separate()
        appendText("{\"height\":")
        appendNumber(height, remembering: rememberingRow ? 0 : nil)
        appendText(",\"width\":")
        appendNumber(width)
        appendText(",\"x\":")
        appendNumber(x)
        appendText(",\"y\":")
    }

    /// Ends the rectangle `rectHead` began: its y and `}`.
    @inline(__always)
    public mutating func rectY(_ y: Double, rememberingRow: Bool = false) {
        appendNumber(y, remembering: rememberingRow ? 1 : nil)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes what `body` writes, or copies the bytes it wrote before when `pieces` keep them: `body`'s
    /// bytes must be a function of `kind` and the values `a`…`d` alone (the separator state is part of
    /// the key). A piece holding a number that is not finite is not kept.
    @inline(__always)
    public mutating func piece(_ kind: JSONPieces.Kind, _ a: UInt64, _ b: UInt64, _ c: UInt64 = 0, _ d: UInt64 = 0,
                               _ body: (inout JSONWriter) -> Void) {
        guard let pieces else { return body(&self) }
        let key = JSONPieces.Key(a: a, b: b, c: c, d: d, kind: kind, commaBefore: needsComma)
        let slot = pieces.slot(of: key)
        if let kept = pieces.kept(key, at: slot) {
            reserve(kept.count)
            (start + count).update(from: kept.baseAddress!, count: kept.count)
            count += kept.count
            needsComma = pieces.commaAfter(at: slot)
            return
        }
        let from = count, nonFinite = nonFiniteNumbers
        body(&self)
        if nonFiniteNumbers == nonFinite {
            pieces.keep(key, at: slot, UnsafeBufferPointer(start: start + from, count: count - from), commaAfter: needsComma)
        }
    }

    @inline(__always)
    private mutating func appendText(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (start + count).update(from: text.utf8Start, count: length)
        count += length
    }

    /// `appendNumber(number)`, or — with a `slot` of `rowNumbers` (0: a frame's height, 1: its y) — the
    /// bytes of the number the slot holds copied when it is `number`; the slot then holds this one.
    @inline(__always)
    private mutating func appendNumber(_ number: Double, remembering slot: Int?) {
        guard let slot else { return appendNumber(number) }
        let memo = slot == 0 ? rowNumbers.0 : rowNumbers.1
        if memo.bits == number.bitPattern && !memo.bytes.isEmpty { return repeatBytes(memo.bytes) }
        let from = count
        appendNumber(number)
        let made = FormattedNumber(bits: number.bitPattern, bytes: from..<count)
        if slot == 0 { rowNumbers.0 = made } else { rowNumbers.1 = made }
    }

    /// `number` as `value(_:)` writes it, without a separator.
    @inline(__always)
    private mutating func appendNumber(_ number: Double) {
        // Integrality by conversion to Int64 and back (SSE2), not `rounded()`: a libm call on the baseline
        // x86-64 target, three a number.
        if number.isFinite, abs(number) < 1e15 {
            let whole = Int64(number)
            if Double(whole) == number {
                // Integral values print without a fraction ("129", "-0" as Foundation does).
                if whole == 0 && number.sign == .minus { put(UInt8(ascii: "-")); put(UInt8(ascii: "0")) }
                else { appendDigits(whole) }
                return
            }
            let scaled = number * 256
            if Double(Int64(scaled)) == scaled, appendDyadic(Int64(scaled), ulp: number.ulp) { return }
            // The nearest double to a whole number of thousandths (justified frames: docs/layout-engine.md).
            let thousandths = number * 1000
            let m = Int64(thousandths + (thousandths < 0 ? -0.5 : 0.5))
            if Double(m) / 1000 == number, appendThousandths(m, ulp: number.ulp) { return }
        }
        if number.isFinite {
            // `description`'s bytes, written in place (no String made and freed for each number). The
            // runtime writes into a buffer of ASCII zeros, as `description` gives it (its "0." and ".0"
            // are the zeros it leaves); "any finite double prints as description prints it" holds them equal.
            reserve(32)
            (start + count).update(repeating: UInt8(ascii: "0"), count: 32)
            count += (start + count).withMemoryRebound(to: CChar.self, capacity: 32) { swift_float64ToString($0, 32, number, false) }
        } else {
            // JSON has no infinities or NaN; PhotoGrid never produces them for valid input.
            append("null".utf8)
            nonFiniteNumbers += 1
        }
    }

    @inline(__always)
    public mutating func value(_ number: Int) {
        separate()
        appendDigits(Int64(number))
        needsComma = true
    }

    /// Appends a non-integral `m / 256` (`m` is `scaled`, |value| < 1e15) exactly, when that is the
    /// shortest round-trip form `description` (and Foundation) print — layout values like −21.5, 104.75
    /// or 12345542.5 — and returns true; false, having written nothing, otherwise. Its decimal expansion
    /// has d ≤ 8 fraction digits, the last not 0, so every shorter decimal is at least 10^-d away: the
    /// expansion is the shortest form when 10^-d exceeds half the double's spacing (`ulp`).
    private mutating func appendDyadic(_ scaled: Int64, ulp: Double) -> Bool {
        let magnitude = scaled.magnitude
        // fraction/256 = fraction × 390625 / 10^8: eight decimal digits, trailing zeros dropped.
        var fraction = Int64(magnitude & 0xFF) * 390_625
        var digits = 8
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        guard Self.negativePowersOfTen[digits] > ulp / 2 else { return false }
        appendDecimal(negative: scaled < 0, whole: Int64(magnitude >> 8), fraction: fraction, digits: digits)
        return true
    }

    /// Appends `m / 1000` (the double nearest it is the number written; not integral, |m| < 1e18) when
    /// that is the shortest round-trip form — when its d ≤ 3 fraction digits (trailing zeros dropped) exceed
    /// the double's spacing, no other decimal of d digits or fewer rounds to it — and returns true; false,
    /// having written nothing, otherwise.
    private mutating func appendThousandths(_ m: Int64, ulp: Double) -> Bool {
        var fraction = Int64(m.magnitude % 1000)
        guard fraction != 0 else { return false }
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        guard Self.negativePowersOfTen[digits] > ulp else { return false }
        appendDecimal(negative: m < 0, whole: Int64(m.magnitude / 1000), fraction: fraction, digits: digits)
        return true
    }

    /// Appends `-` (when `negative`) `whole`.`fraction`, the fraction as `digits` digits (leading zeros kept).
    @inline(__always)
    private mutating func appendDecimal(negative: Bool, whole: Int64, fraction: Int64, digits: Int) {
        if negative { put(UInt8(ascii: "-")) }
        appendDigits(whole)
        reserve(digits + 1)
        start[count] = UInt8(ascii: ".")
        var fraction = fraction
        for k in stride(from: digits, to: 0, by: -1) {
            start[count + k] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        count += digits + 1
    }

    /// 10^-d for d = 0...8.
    private static let negativePowersOfTen: [Double] = [1, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8]

    /// Appends a decimal integer without allocating a String: two digits at a time from `digitPairs`.
    @inline(__always)
    private mutating func appendDigits(_ value: Int64) {
        reserve(20)
        if value < 0 { start[count] = UInt8(ascii: "-"); count += 1 }
        var magnitude = value.magnitude
        let length = Self.decimalLength(magnitude)
        let pairs = Self.digitPairs.utf8Start
        var end = start + count + length
        while magnitude >= 100 {
            let pair = Int(magnitude % 100) * 2
            magnitude /= 100
            end -= 2
            end[0] = pairs[pair]
            end[1] = pairs[pair + 1]
        }
        if magnitude >= 10 {
            end[-2] = pairs[Int(magnitude) * 2]
            end[-1] = pairs[Int(magnitude) * 2 + 1]
        } else {
            end[-1] = UInt8(ascii: "0") + UInt8(magnitude)
        }
        count += length
    }

    /// How many decimal digits `value` has: a few comparisons for the numbers layouts hold (below 10^8),
    /// not one a digit.
    @inline(__always)
    static func decimalLength(_ value: UInt64) -> Int {
        if value < 100_000_000 {
            if value < 10_000 { return value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4) }
            return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
        }
        var length = 9
        var bound: UInt64 = 1_000_000_000
        while length < 20 && value >= bound { length += 1; bound = bound &* 10 }
        return length
    }

    /// "00" to "99", each pair at twice its value.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    public mutating func value(_ flag: Bool) {
        separate()
        append((flag ? "true" : "false").utf8)
        needsComma = true
    }

    /// A string, escaped as `JSONEncoder` with `.withoutEscapingSlashes` does (`"`, `\`, control characters).
    public mutating func value(_ string: String) {
        beginString()
        stringContent(string)
        endString()
    }

    /// A string from its UTF-8 `bytes` (valid UTF-8), escaped as `value(_: String)` escapes it.
    public mutating func value(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        beginString()
        stringContent(bytes)
        endString()
    }

    /// Opens a string value written in pieces (`stringContent`), closed by `endString()`: a value made
    /// of several parts (a thumbnail URL) without a String made for it.
    @inline(__always)
    public mutating func beginString() {
        separate()
        put(UInt8(ascii: "\""))
    }

    /// Closes the string `beginString()` opened.
    @inline(__always)
    public mutating func endString() {
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Part of an open string: `text`, escaped. Disfavoured: a literal takes the `StaticString` form (its
    /// bytes copied unchecked; a window's thumbnail names are written from three).
    @_disfavoredOverload
    public mutating func stringContent(_ text: String) {
        // Native strings are contiguous; another (bridged) one is made so first.
        if text.utf8.withContiguousStorageIfAvailable({ stringContent($0) }) == nil {
            var copy = text
            copy.withUTF8 { stringContent($0) }
        }
    }

    /// Part of an open string: `text`, a literal that needs no escaping (asserted), copied as it is.
    @inline(__always)
    public mutating func stringContent(_ text: StaticString) {
        assert(!Self.needsEscaping(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)), "\(text) needs escaping")
        appendText(text)
    }

    /// Part of an open string: `number` in decimal.
    @inline(__always)
    public mutating func stringContent(digits number: Int64) {
        appendDigits(number)
    }

    /// Part of an open string: UTF-8 `bytes`, escaped. Most (paths, keys, URLs) need no escape and are
    /// copied whole.
    public mutating func stringContent(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !Self.needsEscaping(bytes) {
            append(bytes)
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): put(0x5C); put(0x22)
            case UInt8(ascii: "\\"): put(0x5C); put(0x5C)
            case 0x08: put(0x5C); put(UInt8(ascii: "b"))
            case 0x0C: put(0x5C); put(UInt8(ascii: "f"))
            case 0x0A: put(0x5C); put(UInt8(ascii: "n"))
            case 0x0D: put(0x5C); put(UInt8(ascii: "r"))
            case 0x09: put(0x5C); put(UInt8(ascii: "t"))
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append([0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: put(byte)
            }
        }
    }

    /// `text` as the content of a JSON string (escaped): made once, written with `stringContent(escaped:)`.
    public static func escapedContent(_ text: String) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: text.utf8.count * 6)
        writer.stringContent(text)
        return writer.bytes
    }

    /// Part of an open string: `bytes` that need no escaping (`needsEscaping` said so when they were made).
    @inline(__always)
    public mutating func stringContent(escaped bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
    }

    /// Whether `bytes` hold a byte a JSON string escapes (`"`, `\`, a control character): eight bytes at a
    /// time (a word has a byte below n when `(w − n·0x01…) & ~w & 0x80…` is not 0; one equal to c when
    /// `w ^ c·0x01…` has a zero byte), the rest one by one.
    @inline(__always)
    public static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= bytes.count {
            let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
            let found = ((w &- ones &* 0x20) & ~w) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if found & highs != 0 { return true }
            i += 8
        }
        while i < bytes.count {
            let byte = base[i]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
            i += 1
        }
        return false
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { put(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (start + count).update(from: base, count: buffer.count)
        count += buffer.count
    }

    private mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { put(byte) }
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
        try withDocumentBytes(reservingCapacity: capacity) { Array($0) }
    }

    /// `body` on the bytes `documentBytes()` returns, without copying them (a server writes them into
    /// its own buffer).
    public func withDocumentBytes<Result>(reservingCapacity capacity: Int = 8192,
                                          _ body: (UnsafeRawBufferPointer) -> Result) throws(NonFiniteNumberError) -> Result {
        var writer = JSONWriter(reservingCapacity: capacity)
        write(to: &writer)
        guard writer.nonFiniteNumbers == 0 else { throw NonFiniteNumberError() }
        return writer.withUnsafeBytes(body)
    }
}

/// A number the runtime formatted into a writer: its bit pattern and where its bytes are.
struct FormattedNumber {
    var bits: UInt64 = 0
    var bytes: Range<Int> = 0..<0
}
