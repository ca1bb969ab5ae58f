import Hummingbird
import NIOCore

/// The router's request context: Hummingbird's basic one and the client's address (wrong tokens are
/// counted per address: `TokenFailures`).
struct GalleryRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address (`?` when the channel has none, as in tests without a socket).
    let clientAddress: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? "?"
    }
}
