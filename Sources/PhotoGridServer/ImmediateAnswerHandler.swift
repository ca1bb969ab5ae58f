import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Answers in the channel pipeline, on the event loop that read them, the requests whose answer is ready in
/// memory (`GalleryAPI.immediateAnswer`: a visible-range layout from the grid, a thumbnail kept in memory): no
/// task, router or middleware per request (they cost more than the answer), behind the same `AccessRules` and
/// log line (`(from memory)`). Every other request goes on to the router unchanged. What it keeps:
/// - its place right after NIO's HTTP/1 decoder (no HTTP-types conversion); HTTP/1.1 requests without a
///   `Connection` header only; the connection closed after an HTTP/1.0 answer without keep-alive or `close`;
/// - order: it answers only while no earlier request of the connection is with the router, and only while
///   the channel is writable (a client that does not read its answers is left to the router);
/// - its answers as bytes written below NIO's response encoder (`AnswerHead`), which is not told the
///   requests' methods: this handler drops the bodies of the router's responses to HEAD (and CONNECT);
/// - the idle timeout (it sees every request and response of its connection, the router's too), and the
///   same timeout for a response its client stopped reading (the channel unwritable that long);
/// - a refused body (413) is not read on: the connection closes after the answer;
/// - shutdown: the quiesce event goes on once its answers are flushed and the request being read is answered.
final class ImmediateAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let api: GalleryAPI
    private let rules: AccessRules
    private let logger: Logger
    private let idleTimeout: TimeAmount
    /// The connections open against the limit: near it, an idle connection is closed sooner.
    private let pressure: ConnectionPressure?
    /// The request being read that this handler answers at its end, and when its head came.
    private var held: (request: HTTPRequestHead, started: ContinuousClock.Instant?)?
    /// Requests passed to the router whose responses have not ended yet, oldest first.
    private var withRouter: [RouterRequest] = []
    /// NIO's response encoder's context, which writes what it is given to the socket: this handler's
    /// answers skip the encoder (this handler's own context where there is none).
    private var belowEncoder: ChannelHandlerContext?
    /// Answers written since the last flush.
    private var unflushed = false
    /// Request parts passed on since the last read completed: only then is the read's completion passed on
    /// (the handlers after this one have nothing to do with one that brought them nothing).
    private var passedOn = false
    /// Whether a flush at the end of the event loop's turn is scheduled.
    private var flushScheduled = false
    /// A quiesce event that waits for the request being read here.
    private var quiesceWaiting = false
    /// When a request part was last read or a response last ended.
    private var lastActivity = NIODeadline.now()
    /// Since when the channel has taken no more writes (its client reads nothing), if it does not now.
    private var unwritableSince: NIODeadline?
    private var idleCheck: Scheduled<Void>?
    private var head: AnswerHead
    /// The `Host` value the rules last allowed on this connection.
    private var allowedHost: String?

    init(api: GalleryAPI, rules: AccessRules, logger: Logger, idleTimeout: TimeAmount, pressure: ConnectionPressure? = nil) {
        self.api = api
        self.rules = rules
        self.logger = logger
        self.idleTimeout = idleTimeout
        self.pressure = pressure
        head = AnswerHead(rules: rules)
    }

    // MARK: Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActivity = .now()
        switch unwrapInboundIn(data) {
        case .head(var request) where !request.uri.hasPrefix("/") || (request.version.major == 1 && request.version.minor == 0 && !request.headers.contains(name: "host")):
            if request.uri.hasPrefix("/") {
                // HTTP/1.0 need not name a host: it asks the address listened on (the rules then see one `Host`).
                request.headers.add(name: "Host", value: rules.hosts.defaultHost)
                request.headers.remove(name: AccessRules.absoluteTargetField)
            } else {
                // HTTP types keep only the path of an absolute-form target: the router's rules are told.
                request.headers.replaceOrAdd(name: AccessRules.absoluteTargetField, value: String(request.uri.prefix(200)))
            }
            withRouter.append(RouterRequest(request))
            passOn(wrapInboundOut(.head(request)), context: context)
        case .head(let request):
            if withRouter.isEmpty, context.channel.isWritable, takes(request) {
                held = (request, logger.logLevel <= .info ? ContinuousClock.now : nil)
                return
            }
            withRouter.append(RouterRequest(request))
            if request.headers.contains(name: AccessRules.absoluteTargetField) {
                // Only this handler sets it (above): a client's own would switch off the target's limit.
                var stripped = request
                stripped.headers.remove(name: AccessRules.absoluteTargetField)
                passOn(wrapInboundOut(.head(stripped)), context: context)
            } else {
                passOn(data, context: context)
            }
        case .body:
            if let held {
                // A body after all (none was declared): the router answers the request.
                self.held = nil
                passToRouter(held.request, context: context)
            }
            passOn(data, context: context)
        case .end:
            guard let held else {
                passOn(data, context: context)
                return
            }
            self.held = nil
            answer(held.request, started: held.started, data: data, context: context)
            if quiesceWaiting {
                quiesceWaiting = false
                quiesce(context: context)
            }
        }
    }

    /// Writes the answer to `request` if it is ready in memory, else hands the request to the router.
    private func answer(_ request: HTTPRequestHead, started: ContinuousClock.Instant?, data: NIOAny, context: ChannelHandlerContext) {
        guard let answer = api.immediateAnswer(target: request.uri, ifNoneMatch: request.headers["if-none-match"], head: &head) else {
            passToRouter(request, context: context)
            passOn(data, context: context)
            return
        }
        let below = belowEncoder ?? context
        below.write(NIOAny(IOData.byteBuffer(answer.response)), promise: nil)
        if let body = answer.body { below.write(NIOAny(IOData.byteBuffer(body)), promise: nil) }
        unflushed = true
        if let started {
            logger.info(RequestGuard.logLine(method: .get, path: URI(request.uri).path, status: HTTPResponse.Status(code: Int(answer.status.code)),
                                             since: started, note: " (from memory)"))
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Flushed once the event loop has read every connection that was ready: the answers of one
        // turn go out back to back, and a client woken by one of them does not interrupt the turn.
        if unflushed && !flushScheduled {
            flushScheduled = true
            context.eventLoop.assumeIsolatedUnsafeUnchecked().execute { [self] in
                flushScheduled = false
                flushAnswers(context: context)
            }
        }
        if passedOn {
            passedOn = false
            context.fireChannelReadComplete()
        }
    }

    /// Passes a request part on to the router.
    private func passOn(_ data: NIOAny, context: ChannelHandlerContext) {
        passedOn = true
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Only the router's writes pass here (this handler's own go below the encoder).
        let request = withRouter.first
        switch unwrapOutboundIn(data) {
        case .head(var head):
            // A body refused at its head is not read on (a client could send one for ever): the connection closes.
            if head.status == .payloadTooLarge, !withRouter.isEmpty { withRouter[0].closes = true }
            if withRouter.first?.closes == true, !head.headers[canonicalForm: "connection"].contains("close") {
                head.headers.replaceOrAdd(name: "Connection", value: "close")
            }
            guard request?.bodiless == true else {
                context.write(wrapOutboundOut(.head(head)), promise: promise)
                return
            }
            // The head as NIO's encoder writes one for HEAD: what a GET would get, framing headers kept.
            var bytes = context.channel.allocator.buffer(capacity: 512)
            bytes.writeResponseHead(version: head.version, status: head.status, headers: head.headers)
            (belowEncoder ?? context).write(NIOAny(IOData.byteBuffer(bytes)), promise: promise)
        case .body where request?.bodiless == true:
            promise?.succeed(())
        case .end:
            lastActivity = .now()
            if !withRouter.isEmpty { withRouter.removeFirst() }
            if request?.bodiless == true { promise?.succeed(()) } else { context.write(data, promise: promise) }
            if request?.closes == true {
                context.flush()
                context.close(promise: nil)
            }
        default:
            context.write(data, promise: promise)
        }
    }

    /// What this handler keeps of a request passed to the router until its response ends.
    struct RouterRequest {
        /// Whether the connection closes once it is answered: HTTP/1.0 unless it asks to be kept alive,
        /// HTTP/1.1 when it asks to close.
        var closes: Bool
        /// Whether its response has no body whatever the router writes: HEAD (RFC 9110 §9.3.2) and CONNECT
        /// (a tunnel or a refusal), as NIO's encoder frames them when it is told the method.
        var bodiless: Bool

        init(_ request: HTTPRequestHead) {
            let connection = request.headers[canonicalForm: "connection"].map { $0.lowercased() }
            closes = request.version.major == 1 && request.version.minor == 0 ? !connection.contains("keep-alive") : connection.contains("close")
            bodiless = request.method == .HEAD || request.method == .CONNECT
        }
    }

    /// Whether this handler may answer `request` (if its answer is ready): an HTTP/1.1 GET with no
    /// `Connection` header that `AccessRules` lets through (the router answers every refusal, with the
    /// same rules).
    private func takes(_ request: HTTPRequestHead) -> Bool {
        guard request.method == .GET, request.version == .http1_1 else { return false }
        // The fields the rules read, in one pass over the headers (each request of a scrolling client
        // passes here: a lookup per field would scan them all six times).
        var access = AccessRules.Request(method: .get, target: Substring(request.uri), path: "", hosts: [], authorization: [], cookies: [],
                                         contentLength: [], hasTransferEncoding: false)
        for (name, value) in request.headers {
            let length = name.utf8.count
            access.headerBytes &+= length &+ value.utf8.count
            switch length {
            case 4 where Self.named(name, "host"): access.hosts.append(value)
            case 6 where Self.named(name, "cookie"): access.cookies.append(value)
            case 10 where Self.named(name, "connection"): return false
            case 13 where Self.named(name, "authorization"): access.authorization.append(value)
            case 14:
                if Self.named(name, "content-length") { access.contentLength.append(value) }
                else if Self.named(name, "sec-fetch-site") { access.fetch.site = value }
                else if Self.named(name, "sec-fetch-mode") { access.fetch.mode = value }
                else if Self.named(name, "sec-fetch-dest") { access.fetch.destination = value }
            case 17 where Self.named(name, "transfer-encoding"): access.hasTransferEncoding = true
            default: break
            }
        }
        access.path = request.uri.utf8.firstIndex(of: UInt8(ascii: "?")).map { request.uri[..<$0] } ?? Substring(request.uri)
        // A connection names the same host every time: once allowed, it is not looked up again.
        let hostKnown = access.hosts.count == 1 && access.hosts[0] == allowedHost
        guard rules.refusal(access, hostAllowed: hostKnown) == nil else { return false }
        if !hostKnown, access.hosts.count == 1 { allowedHost = access.hosts[0] }
        return true
    }

    /// Whether the field name `name` is `lowercased` (ASCII, any case; the lengths are equal).
    private static func named(_ name: String, _ lowercased: StaticString) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard bytes.count == lowercased.utf8CodeUnitCount else { return false }
            let expected = lowercased.utf8Start
            for k in 0..<bytes.count where bytes[k] | 0x20 != expected[k] | 0x20 { return false }
            return true
        }
    }

    /// Hands `request`'s head to the router (its body and end follow).
    private func passToRouter(_ request: HTTPRequestHead, context: ChannelHandlerContext) {
        withRouter.append(RouterRequest(request))
        passOn(wrapInboundOut(.head(request)), context: context)
    }

    private func flushAnswers(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
    }

    // MARK: Shutdown and idle connections

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        if held != nil { quiesceWaiting = true } else { quiesce(context: context) }
    }

    /// Passes the quiesce event on, the answers written here flushed first (a close drops what is not).
    private func quiesce(context: ChannelHandlerContext) {
        flushAnswers(context: context)
        context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    }

    func handlerAdded(context: ChannelHandlerContext) {
        belowEncoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        if context.channel.isActive { scheduleIdleCheck(context: context, in: idleTimeout) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if idleCheck == nil { scheduleIdleCheck(context: context, in: idleTimeout) }
        context.fireChannelActive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        unwritableSince = context.channel.isWritable ? nil : .now()
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        idleCheck?.cancel()
        idleCheck = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idleCheck?.cancel()
        idleCheck = nil
        belowEncoder = nil
    }

    /// Checks every few seconds at most (`ConnectionPressure.idleSeconds`): the timeout in force shortens
    /// when connections near their limit. It closes a connection idle that long, and one whose client has
    /// read nothing of its answers that long (a stream no one reads holds a descriptor and its chunks).
    private func scheduleIdleCheck(context: ChannelHandlerContext, in delay: TimeAmount) {
        let step = min(delay, .seconds(ConnectionPressure.idleSeconds))
        idleCheck = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: step) { [self] in
            idleCheck = nil
            let now = NIODeadline.now()
            let idleFor = now - lastActivity
            let timeout = pressure?.isHigh == true ? min(idleTimeout, .seconds(ConnectionPressure.idleSeconds)) : idleTimeout
            let unread = unwritableSince.map { now - $0 >= timeout } ?? false
            if unread || held == nil && withRouter.isEmpty && idleFor >= timeout {
                context.close(promise: nil)
            } else {
                scheduleIdleCheck(context: context, in: held == nil && withRouter.isEmpty ? timeout - idleFor : timeout)
            }
        }
    }
}
