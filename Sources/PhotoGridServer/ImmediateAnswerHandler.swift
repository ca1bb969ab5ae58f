import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers in the channel pipeline, on the event loop that read them, the requests whose answer is
/// ready in memory (`GalleryAPI.immediateAnswer(to:)`: a visible-range layout from the grid in memory,
/// a thumbnail kept in memory): no task, router or middleware chain per request. Every other request,
/// and each the route answers otherwise (a bad value, `all`, sections, a thumbnail to make), goes on to
/// the router unchanged.
///
/// Why: these are the requests a scrolling client makes many times a second, and Hummingbird's work per
/// request (an async iterator step and a task switch each way, the middleware chain, the response's
/// header fields) cost more than the answer itself (~11 µs for the ~20 cells of a window on a
/// million-photo grid): both routes stopped at ~19,000 and ~25,000 requests/s where nginx serves
/// ~67,000. Behind the same guard as `RequestGuard`'s: the token (constant-time), GET only, no body,
/// the same log line at `info`, marked `(from memory)`.
///
/// - Order: a request is answered here only while no earlier request of the connection is with the
///   router (counted from the response ends the router writes), so pipelined answers keep their order.
/// - Back-pressure: only while the channel is writable; a client that does not read its answers is
///   left to the router, which waits for it.
/// - Placed after Hummingbird's `HTTPConnectionStateHandler` (`GalleryHTTP1Channel`), which so sees these
///   requests and responses: its idle timeout and its close on graceful shutdown count them.
/// - Requests with a `Connection` header go to the router, which closes when asked.
final class ImmediateAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let api: GalleryAPI
    private let token: String?
    private let logger: Logger
    /// The request being read that this handler answers at its end, and when its head came.
    private var held: (request: HTTPRequest, started: ContinuousClock.Instant?)?
    /// Requests passed to the router whose responses have not ended yet.
    private var withRouter = 0
    /// Answers written since the last flush.
    private var unflushed = false
    private var date = HTTPDate()

    init(api: GalleryAPI, token: String?, logger: Logger) {
        self.api = api
        self.token = token
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if withRouter == 0, context.channel.isWritable, takes(request) {
                held = (request, logger.logLevel <= .info ? ContinuousClock.now : nil)
                return
            }
            withRouter += 1
            context.fireChannelRead(data)
        case .body:
            if let held {
                // A body after all (none was declared): the router answers the request.
                self.held = nil
                passToRouter(held.request, context: context)
            }
            context.fireChannelRead(data)
        case .end:
            guard let held else {
                context.fireChannelRead(data)
                return
            }
            self.held = nil
            guard let answer = api.immediateAnswer(to: held.request) else {
                passToRouter(held.request, context: context)
                context.fireChannelRead(data)
                return
            }
            var head = HTTPResponse(status: answer.status, headerFields: answer.headers)
            head.headerFields[.contentLength] = String(answer.body?.readableBytes ?? 0)
            head.headerFields[.date] = date.now()
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            if let body = answer.body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
            context.write(wrapOutboundOut(.end(nil)), promise: nil)
            unflushed = true
            if let started = held.started {
                let path = URI(held.request.path ?? "").path
                logger.info(RequestGuard.logLine(method: .get, path: path, status: answer.status, since: started, note: " (from memory)"))
            }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Only the router's writes pass here (this handler's own go from its context onwards).
        if case .end = unwrapOutboundIn(data) { withRouter = max(0, withRouter - 1) }
        context.write(data, promise: promise)
    }

    /// Whether this handler may answer `request` (if its answer is ready): a GET with no body, no
    /// `Connection` header, and the token when the server has one.
    private func takes(_ request: HTTPRequest) -> Bool {
        guard request.method == .get else { return false }
        let fields = request.headerFields
        guard fields[.connection] == nil, fields[.transferEncoding] == nil,
              fields[.contentLength] == nil || fields[.contentLength] == "0" else { return false }
        return RequestGuard.authorized(fields, token: token)
    }

    /// Hands `request`'s head to the router (its body and end follow).
    private func passToRouter(_ request: HTTPRequest, context: ChannelHandlerContext) {
        withRouter += 1
        context.fireChannelRead(wrapInboundOut(.head(request)))
    }
}
