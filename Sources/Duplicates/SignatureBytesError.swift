/// Why stored bytes are not a `PictureSignature`. Each case reads as one line.
public enum SignatureBytesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not `PictureSignature.byteCount` bytes.
    case wrongLength(Int, expected: Int)
    /// A version byte this code does not read (a signature made by another version: make it again).
    case unknownVersion(UInt8)
    /// A zero size, or a mean or contrast outside 0…255.
    case invalidValues

    public var description: String {
        switch self {
        case .wrongLength(let count, let expected): return "a picture signature is \(expected) bytes, not \(count)"
        case .unknownVersion(let version): return "picture signature version \(version) is not known (make the signature again)"
        case .invalidValues: return "the picture signature holds a zero size or a mean or contrast outside 0…255"
        }
    }
}
