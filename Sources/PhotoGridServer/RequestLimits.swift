import HTTPTypes
import NIOCore
import PhotoGrid

/// The limits every request is held to before any work (docs/serve.md, "Limits"): a request over one is
/// a 4xx naming it, never a large allocation. One table, read by the access rules (target and header
/// sizes), the routes (the layout question's columns and cells: `AnswerLimits`) and the answers
/// (their bytes).
enum RequestLimits {
    /// The request target (path and query), in bytes: 414 beyond.
    static let targetBytes = 8 * 1024
    /// Every header field's name and value together, in bytes: 431 beyond.
    static let headerBytes = 16 * 1024
    /// A layout question's columns and cells: a 4K screen of 50-point cells holds ~3,300; the page asks ~3 screens.
    static let answer = AnswerLimits(columnItems: 32, columns: 1_000, cells: 10_000)
    /// One answer's body, in bytes: the cells limit keeps a layout answer near 4 MB; a longer one
    /// (very long paths) is refused rather than sent.
    static let answerBytes = 16 * 1024 * 1024

    /// `bytes`, when within `answerBytes`.
    static func checked(_ bytes: [UInt8]) throws(APIError) -> [UInt8] {
        guard bytes.count <= answerBytes else { throw tooLarge(bytes.count) }
        return bytes
    }

    /// `body`, when within `answerBytes`.
    static func checked(_ body: ByteBuffer) throws(APIError) -> ByteBuffer {
        guard body.readableBytes <= answerBytes else { throw tooLarge(body.readableBytes) }
        return body
    }

    private static func tooLarge(_ count: Int) -> APIError {
        APIError(.badRequest, "the answer would be \(CountText.grouped(count)) bytes; an answer holds at most \(CountText.grouped(answerBytes)) (ask for fewer cells: a smaller height)")
    }
}
