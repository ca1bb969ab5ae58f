/// Where an Android Motion Photo's video lies, as the photo's XMP announces it: Google's Motion Photo
/// format (`GCamera:MotionPhoto="1"` and a `Container:Directory` whose `MotionPhoto` item gives the
/// video's `Item:Length` and `Item:Padding`) or its older MicroVideo form (`GCamera:MicroVideo="1"`,
/// `GCamera:MicroVideoOffset`). The video is appended to the image: it starts `bytesFromEnd` bytes before
/// the file's end and is `bytesFromEnd - padding` bytes long (Samsung puts its own trailer after it, as
/// padding). Attribute and element forms are read; the caller checks that an MP4 `ftyp` box is there.
public struct MotionPhotoXMP: Sendable, Equatable {
    public var bytesFromEnd: Int
    public var padding: Int
    /// The video's length in bytes.
    public var videoLength: Int { bytesFromEnd - padding }

    public init(bytesFromEnd: Int, padding: Int) {
        self.bytesFromEnd = bytesFromEnd; self.padding = padding
    }

    /// The announcement in the XMP packet `xmp` (UTF-8), if it makes one.
    public init?(xmp: some Collection<UInt8>) {
        let text = Array(xmp)
        if Self.value(of: "GCamera:MotionPhoto", in: text[...]) == "1" || Self.value(of: "Camera:MotionPhoto", in: text[...]) == "1",
           let item = Self.motionItem(in: text), let length = item.length.flatMap(Self.number), length > 0 {
            let padding = item.padding.flatMap(Self.number) ?? 0
            guard padding < length else { return nil }
            self.init(bytesFromEnd: length, padding: padding)
            return
        }
        if Self.value(of: "GCamera:MicroVideo", in: text[...]) == "1",
           let offset = Self.value(of: "GCamera:MicroVideoOffset", in: text[...]).flatMap(Self.number), offset > 0 {
            self.init(bytesFromEnd: offset, padding: 0)
            return
        }
        return nil
    }

    /// A property's value: `name="v"` (an attribute) or `<name>v</name>` (an element), spaces trimmed.
    static func value(of name: String, in text: ArraySlice<UInt8>) -> String? {
        let quote = UInt8(ascii: "\""), open = UInt8(ascii: "<")
        if let at = find(Array((name + "=\"").utf8), in: text) {
            return String(decoding: text[at...].prefix { $0 != quote }, as: UTF8.self)
        }
        if let at = find(Array(("<" + name + ">").utf8), in: text) {
            let raw = text[at...].prefix { $0 != open }
            return String(decoding: raw.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
                            .reversed().drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.reversed(), as: UTF8.self)
        }
        return nil
    }

    /// The directory item whose semantic is `MotionPhoto`: its `Item:Length` and `Item:Padding`, read
    /// within that one item (from its `<Container:Item` or `<rdf:li` to the item's end).
    static func motionItem(in text: [UInt8]) -> (length: String?, padding: String?)? {
        for marker in ["Item:Semantic=\"MotionPhoto\"", "<Item:Semantic>MotionPhoto</Item:Semantic>"] {
            guard let after = find(Array(marker.utf8), in: text[...]) else { continue }
            let before = text[..<(after - marker.utf8.count)]
            let start = findLast(Array("<Container:Item".utf8), in: before) ?? findLast(Array("<rdf:li".utf8), in: before) ?? before.endIndex
            let rest = text[start...]
            let end = find(Array("</Container:Item>".utf8), in: rest) ?? find(Array("</rdf:li>".utf8), in: rest)
                ?? find(Array("/>".utf8), in: text[after...]) ?? rest.endIndex
            let item = text[start..<end]
            return (value(of: "Item:Length", in: item), value(of: "Item:Padding", in: item))
        }
        return nil
    }

    /// The index just after the first occurrence of `pattern` in `text`.
    static func find(_ pattern: [UInt8], in text: ArraySlice<UInt8>) -> Int? {
        guard !pattern.isEmpty, text.count >= pattern.count else { return nil }
        var i = text.startIndex
        while i <= text.endIndex - pattern.count {
            if text[i] == pattern[0], text[i..<i + pattern.count].elementsEqual(pattern) { return i + pattern.count }
            i += 1
        }
        return nil
    }

    /// The index where the last occurrence of `pattern` in `text` starts.
    static func findLast(_ pattern: [UInt8], in text: ArraySlice<UInt8>) -> Int? {
        guard !pattern.isEmpty, text.count >= pattern.count else { return nil }
        var i = text.endIndex - pattern.count
        while i >= text.startIndex {
            if text[i] == pattern[0], text[i..<i + pattern.count].elementsEqual(pattern) { return i }
            i -= 1
        }
        return nil
    }

    /// A decimal count of bytes below 2^40.
    static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 13, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text), value < 1 << 40 else { return nil }
        return value
    }
}
