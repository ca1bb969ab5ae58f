extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body that throws `JPEGError` (the standard one only rethrows `any Error`).
    func withJPEGBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws(JPEGError) -> Result
    ) throws(JPEGError) -> Result {
        let outcome = withUnsafeBytes { raw in
            Swift.Result { () throws(JPEGError) -> Result in try body(raw) }
        }
        return try outcome.get()
    }
}
