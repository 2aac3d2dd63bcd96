import HTTPTypes
import Hummingbird
import Logging

/// Turns every error into a JSON error body: a client's mistake into its 4xx, a path
/// without an endpoint into 404 (or 405 when the path is right and the method wrong),
/// anything else into a 500 that is logged.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response()
        } catch let error as any HTTPResponseError where error.status == .notFound {
            // The router found no endpoint for the path and method.
            let path = request.uri.path
            let allowed = Endpoint.methods(at: path)
            guard allowed.isEmpty else {
                return try APIError.methodNotAllowed(request.method, path, allowed: allowed).response()
            }
            return try APIError.notFound(path).response()
        } catch let error as any HTTPResponseError where (400..<500).contains(error.status.code) {
            // Hummingbird's own, with a code the contract names.
            let code = error.status == .contentTooLarge ? "content_too_large" : "bad_request"
            return try APIError(status: error.status, code: code, message: error.status.reasonPhrase).response()
        } catch {
            context.logger.error(
                "request failed",
                metadata: [
                    "error": "\(String(reflecting: error))", "path": "\(request.uri.path)",
                ])
            return try APIError.internalError.response()
        }
    }
}
