import Hummingbird
import NIOCore
// The generated code's own Accept check is public to generated code only.
@_spi(Generated) import OpenAPIRuntime

/// Serves `GET /api/metadata` and `GET /api/facts` from the ``ContentCache``: the first
/// request for an answer at a corpus version goes on to the handler, which reads the database
/// and encodes; its bytes are kept, gzipped, and every later request gets them as they are,
/// or a `304` when its `If-None-Match` names them.
///
/// It runs after ``ContractMiddleware``, so the request is checked, its device known, and its
/// query reduced to the contract's parameters in one order: the path and query are the key.
struct ContentCacheMiddleware<Context: RequestContext>: RouterMiddleware {
    let cache: ContentCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get, let endpoint = [Endpoint.metadata, .facts].first(where: { $0.matches(request.uri.path) }) else {
            return try await next(request, context)
        }
        let key = endpoint.path + "?" + (request.uri.query ?? "")
        let version = try await cache.version()
        if let answer = cache.answer(for: key, at: version) {
            try Self.requireJSONAccepted(request)
            return answer.response(to: request)
        }
        let response = try await next(request, context)
        guard response.status == .ok else { return response }
        let answer = try EncodedAnswer(
            body: try await Self.bytes(of: response.body), contentType: response.headers[.contentType] ?? "application/json")
        cache.keep(answer, for: key, at: version)
        return answer.response(to: request)
    }

    /// Throws a 406 unless the request's `Accept` allows JSON, by the generated code's own
    /// check, which a kept answer no longer passes through.
    private static func requireJSONAccepted(_ request: Request) throws(APIError) {
        guard let accept = request.headers[.accept] else { return }
        do {
            try Converter(configuration: Configuration()).validateAcceptIfPresent("application/json", in: request.headers)
        } catch {
            throw .notAcceptable(accept)
        }
    }

    /// Every byte `body` writes.
    private static func bytes(of body: ResponseBody) async throws -> [UInt8] {
        let collector = Collector()
        try await body.write(collector)
        return collector.bytes
    }

    /// A writer that keeps what is written to it.
    private final class Collector: ResponseBodyWriter {
        var bytes: [UInt8] = []

        func write(_ buffer: ByteBuffer) async throws {
            bytes += buffer.readableBytesView
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
