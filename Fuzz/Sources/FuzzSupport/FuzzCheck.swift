#if canImport(Glibc)
import Glibc
#endif

/// The fuzzers' oracle: a broken property is reported and aborts, which libFuzzer records as a
/// crash and saves the input for.
public enum FuzzCheck {
    /// Prints `message` to stderr and aborts.
    public static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        let text = Array("FUZZ CHECK FAILED at \(file):\(line): \(message)\n".utf8)
        _ = text.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        abort()
    }

    /// Fails unless `condition` holds.
    public static func expect(_ condition: Bool, _ message: @autoclosure () -> String,
                              file: StaticString = #fileID, line: UInt = #line) {
        if !condition { fail(message(), file: file, line: line) }
    }
}

/// Deterministic choices derived from the input (so a saved crasher replays the same way).
public struct FuzzChoices {
    private var state: UInt64

    /// Seeds the choices with FNV-1a of `bytes`.
    public init(_ bytes: [UInt8]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        state = hash
    }

    /// The next pseudo-random number (splitmix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A coin flip.
    public mutating func flip() -> Bool { next() & 1 == 1 }
}

/// `Result` for typed-throws bodies.
public func attempt<T, E: Error>(_ body: () throws(E) -> T) -> Result<T, E> {
    do { return .success(try body()) } catch { return .failure(error) }
}
