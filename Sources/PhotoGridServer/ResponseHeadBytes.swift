import NIOCore
import NIOHTTP1
import Platform

/// Response heads written as HTTP/1.1 bytes (RFC 9112 §4, §5) for what `ImmediateAnswerHandler` writes below
/// NIO's response encoder: its answers from memory (the encoder's header writing cost more than a layout's
/// cells) and the heads of the router's responses to HEAD, whose bodies it drops.
extension ByteBuffer {
    /// Writes the status line of `status` (`HTTP/1.1 200 OK`) and `headers`, without the empty line that
    /// ends a head.
    mutating func writeResponseHeadStart(version: HTTPVersion = .http1_1, status: HTTPResponseStatus, headers: HTTPHeaders) {
        if version == .http1_1, status == .ok {
            writeStaticString("HTTP/1.1 200 OK\r\n")
        } else {
            writeString("HTTP/\(version.major).\(version.minor) \(status.code) \(status.reasonPhrase)\r\n")
        }
        for (name, value) in headers {
            writeString(name)
            writeStaticString(": ")
            writeString(value)
            writeStaticString("\r\n")
        }
    }

    /// Writes the status line, `headers` and the empty line that ends the head.
    mutating func writeResponseHead(version: HTTPVersion, status: HTTPResponseStatus, headers: HTTPHeaders) {
        writeResponseHeadStart(version: version, status: status, headers: headers)
        writeStaticString("\r\n")
    }
}

/// What `ImmediateAnswerHandler` adds to each answer's head besides its route's headers: `Content-Length`
/// (none for a status without a body), `Date`, and `Cache-Control` made `private` when a token is set.
struct AnswerHead {
    let rules: AccessRules
    /// A layout answer's head up to its `Content-Length` value (the route's headers are constant).
    private let layoutStart: [UInt8]
    /// The current second's `Date` line and the empty line that ends a head.
    private var dateEnd: [UInt8] = []
    private var second: time_t = -1

    init(rules: AccessRules) {
        self.rules = rules
        var start = ByteBuffer()
        start.writeResponseHeadStart(status: .ok, headers: Self.privateIfToken(GalleryAPI.jsonHTTPHeaders, rules: rules))
        start.writeStaticString("Content-Length: ")
        layoutStart = Array(start.readableBytesView)
    }

    /// Writes the head of a 200 layout answer (`GalleryAPI.jsonHTTPHeaders`) with a body of `bodyLength` bytes.
    mutating func writeLayout(bodyLength: Int, into buffer: inout ByteBuffer) {
        buffer.writeBytes(layoutStart)
        buffer.writeDecimal(bodyLength)
        buffer.writeStaticString("\r\n")
        writeDateEnd(into: &buffer)
    }

    /// Writes the head of a `status` answer with the route's `headers` and a body of `bodyLength` bytes.
    mutating func write(status: HTTPResponseStatus, headers: HTTPHeaders, bodyLength: Int, into buffer: inout ByteBuffer) {
        buffer.writeResponseHeadStart(status: status, headers: Self.privateIfToken(headers, rules: rules))
        if status.mayHaveResponseBody {
            buffer.writeStaticString("Content-Length: ")
            buffer.writeDecimal(bodyLength)
            buffer.writeStaticString("\r\n")
        }
        writeDateEnd(into: &buffer)
    }

    /// `headers` with their `Cache-Control` made private when a token is set (`AccessRules.cacheControl`).
    private static func privateIfToken(_ headers: HTTPHeaders, rules: AccessRules) -> HTTPHeaders {
        guard rules.token != nil, let control = rules.cacheControl(headers.first(name: "cache-control")) else { return headers }
        var headers = headers
        headers.replaceOrAdd(name: "Cache-Control", value: control)
        return headers
    }

    /// Writes the `Date` line (`HTTPDate`, formatted once a second) and the empty line that ends the head.
    private mutating func writeDateEnd(into buffer: inout ByteBuffer) {
        let now = time(nil)
        if now != second {
            second = now
            dateEnd = Array("Date: \(HTTPDate.format(now))\r\n\r\n".utf8)
        }
        buffer.writeBytes(dateEnd)
    }
}

extension ByteBuffer {
    /// Writes `value` (≥ 0) in decimal digits.
    mutating func writeDecimal(_ value: Int) {
        precondition(value >= 0)
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits, written from the end
        var count = 0
        withUnsafeMutableBytes(of: &digits) { room in
            var rest = value
            repeat {
                count += 1
                room[room.count - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            writeBytes(UnsafeRawBufferPointer(rebasing: room[(room.count - count)...]))
        }
    }
}
