/// Pieces of JSON documents kept between documents, for one thread at a time (a server keeps one per
/// thread): the bytes `JSONWriter.piece` wrote for a key, copied when the key comes again. A key holds
/// every value its bytes are written from, so a kept piece is right in any document. Fixed room: 256
/// slots a kind of up to 80 bytes each (~100 KB); a piece replaces the one in its slot.
public final class JSONPieces: @unchecked Sendable {
    /// What a piece is: the slots of one kind are its own.
    public enum Kind: UInt8, CaseIterable {
        /// A cell's `"crop":{…}`.
        case crop
        /// `{"height":…,"width":…,"x":…,"y":` (`JSONWriter.rectHead`).
        case rectHead
        /// A cell's `"pixelHeight":…,"pixelWidth":…`.
        case pixelSize
    }

    /// The values a piece is written from, and whether a separator was due before it.
    struct Key {
        var a, b, c, d: UInt64
        var kind: Kind
        var commaBefore: Bool

        @inline(__always)
        func equals(_ other: Key) -> Bool {
            a == other.a && b == other.b && c == other.c && d == other.d && kind == other.kind && commaBefore == other.commaBefore
        }
    }

    /// What a slot holds: its key (`count` < 0: empty), its length and whether a separator is due after it.
    struct Slot {
        var key = Key(a: 0, b: 0, c: 0, d: 0, kind: .crop, commaBefore: false)
        var count = -1
        var commaAfter = false
    }

    static let slotsPerKind = 256
    static let slotBytes = 80
    static var slotCount: Int { Kind.allCases.count * slotsPerKind }

    /// The slots and their bytes, which a writer reads and writes in place (no reference counted per piece).
    struct Storage {
        let slots: UnsafeMutablePointer<Slot>
        let bytes: UnsafeMutablePointer<UInt8>
        let copies: UnsafeMutablePointer<Int>

        /// The slot a key goes in: its kind's, by a hash of its values.
        @inline(__always)
        func slot(of key: Key) -> Int {
            var h = key.a &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ key.b) &* 0xC2B2_AE3D_27D4_EB4F
            h = (h ^ key.c) &* 0x1656_67B1_9E37_79F9
            h = (h ^ key.d ^ (key.commaBefore ? 1 : 0)) &* 0x9E37_79B9_7F4A_7C15
            return Int(key.kind.rawValue) * JSONPieces.slotsPerKind + Int(truncatingIfNeeded: h >> 56)
        }

        /// The bytes kept for `key` in `slot`, if they are there.
        @inline(__always)
        func kept(_ key: Key, at slot: Int) -> UnsafeBufferPointer<UInt8>? {
            guard slots[slot].count >= 0, slots[slot].key.equals(key) else { return nil }
            copies.pointee &+= 1
            return UnsafeBufferPointer(start: bytes + slot * JSONPieces.slotBytes, count: slots[slot].count)
        }

        @inline(__always)
        func commaAfter(at slot: Int) -> Bool { slots[slot].commaAfter }

        /// Keeps `piece` for `key` in `slot` (one longer than a slot is not kept).
        func keep(_ key: Key, at slot: Int, _ piece: UnsafeBufferPointer<UInt8>, commaAfter: Bool) {
            guard piece.count <= JSONPieces.slotBytes, let base = piece.baseAddress else { return }
            (bytes + slot * JSONPieces.slotBytes).update(from: base, count: piece.count)
            slots[slot] = Slot(key: key, count: piece.count, commaAfter: commaAfter)
        }
    }

    let storage: Storage

    public init() {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
        let copies = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        copies.initialize(to: 0)
        storage = Storage(slots: slots, bytes: .allocate(capacity: Self.slotCount * Self.slotBytes), copies: copies)
    }

    deinit {
        storage.slots.deinitialize(count: Self.slotCount)
        storage.slots.deallocate()
        storage.bytes.deallocate()
        storage.copies.deallocate()
    }

    /// How many times a kept piece was copied.
    public var copied: Int { storage.copies.pointee }
}
