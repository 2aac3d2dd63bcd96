import Hummingbird
import NIOCore

/// The context of one request: Hummingbird's core, and the client's address for the
/// registration limit and the access log.
struct FactsRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The address of the connection's other end.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

extension RemoteAddressRequestContext {
    /// The client's IP address, without the port: the key of the per-address limit.
    var clientAddress: String {
        remoteAddress?.ipAddress ?? "unknown"
    }
}
