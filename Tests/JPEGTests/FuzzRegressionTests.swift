import Testing
@testable import JPEG

/// Inputs found by the fuzzers (Fuzz/run.sh), kept as byte literals: each test names the broken
/// property and fails on the code before the fix.
@Suite("Fuzzer findings")
struct FuzzRegressionTests {
    /// fuzz-decode: 16 bytes of text followed by a control byte. `decode(path:)` sniffed only the
    /// first 16 bytes and called the file "text", while `decode(bytes:)` and the probe look at 512
    /// bytes and see binary data: two descriptions of one file.
    @Test func textThenBinaryIsDescribedAlikeByEveryEntryPoint() throws {
        let bytes: [UInt8] = Array("hello, thii  ssnotIntphot".utf8) + [0x04, 0x00]
        let expected = JPEGError.notJPEG(detail: "starts with 0x68 0x65 0x6C 0x6C")  // "hell"
        let directory = try TemporaryDirectory()
        let path = try directory.write(bytes, as: "text-then-binary.jpg")
        #expect(throws: expected) { try JPEGDecoder.decode(path: path) }
        #expect(throws: expected) { try JPEGDecoder.decode(bytes: bytes) }
        #expect(throws: expected) { try JPEGHeader.probe(path: path) }
        #expect(throws: expected) { try JPEGHeader.probe(bytes: bytes) }
    }
}
