extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a NUL-terminated C string (a path).
    public func withNULTerminated<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var terminated = self
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { characters in
                // Never nil: the buffer holds at least the terminating NUL.
                guard let start = characters.baseAddress else { return try body("") }
                return try body(start)
            }
        }
    }
}
