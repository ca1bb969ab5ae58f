import HummingbirdCore
import NIOHTTPTypesHTTP1
public import Logging
public import NIOCore

/// HTTP/1.1 connections as Hummingbird's `HTTP1Channel` sets them up, with `ImmediateAnswerHandler` in
/// each pipeline right after NIO's HTTP/1 decoder, before Hummingbird's HTTP-types codec (the channel's
/// `additionalChannelHandlers` would go after that codec, where each answer would cost a conversion of
/// the request and of the response).
struct GalleryHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    /// A new handler for each connection.
    let answerHandler: @Sendable () -> ImmediateAnswerHandler

    var responder: Responder { http1.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandler(answerHandler(), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the answers ready in memory written in the pipeline (`GalleryHTTP1Channel`).
    static func galleryHTTP1(configuration: HTTP1Channel.Configuration,
                             answerHandler: @escaping @Sendable () -> ImmediateAnswerHandler) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GalleryHTTP1Channel(http1: HTTP1Channel(responder: responder, configuration: configuration), answerHandler: answerHandler)
        }
    }
}
