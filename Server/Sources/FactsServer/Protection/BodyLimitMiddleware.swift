import HTTPTypes
import Hummingbird

/// Reads at most ``ServerLimits/maximumBodySize`` bytes of any request's body, so that no
/// handler ever holds more: a larger body, announced or sent, is `413 content_too_large`
/// before anything else reads it.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maximumBodySize: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > maximumBodySize {
            throw APIError.contentTooLarge(maximumBodySize)
        }
        var request = request
        do {
            _ = try await request.collectBody(upTo: maximumBodySize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError.contentTooLarge(maximumBodySize)
        }
        return try await next(request, context)
    }
}
