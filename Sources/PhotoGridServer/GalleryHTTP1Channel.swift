import HummingbirdCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import Logging
import NIOCore

/// HTTP/1.1 connections as Hummingbird's `HTTP1Channel` sets them up, with `ImmediateAnswerHandler` in
/// each pipeline right after NIO's HTTP/1 decoder, before Hummingbird's HTTP-types codec (the channel's
/// `additionalChannelHandlers` would go after that codec, where each answer would cost a conversion of
/// the request and of the response). NIO's response encoder is not paired with the decoder (it would
/// expect a response head for every request): `ImmediateAnswerHandler` writes its answers below it and
/// frames the responses to HEAD itself.
struct GalleryHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    /// A new handler for each connection.
    let answerHandler: @Sendable () -> ImmediateAnswerHandler

    var responder: Responder { http1.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let configuration = http1.configuration
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = configuration.httpDecoder.maxHeaderFieldSize
            limits.maxHeaderListSize = configuration.httpDecoder.maxHeaderListSize
            limits.maxHeaderFieldCount = configuration.httpDecoder.maxHeaderFieldCount
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(HTTPResponseEncoder(configuration: .init()))
            try pipeline.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: limits)))
            try pipeline.addHandler(answerHandler())
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandlers(configuration.additionalChannelHandlers())
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: configuration.idleTimeout.map { .init($0) }, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
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
