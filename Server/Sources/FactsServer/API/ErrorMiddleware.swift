import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime

/// Turns every error into a JSON error body: a client's mistake into its 4xx, a path
/// without an endpoint into 404 (or 405 when the path is right and the method wrong),
/// anything else into a 500 that is logged. The generated code hands on what a handler
/// throws wrapped in a `ServerError`.
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
        } catch let error as ServerError {
            return try Self.response(for: error, request, context)
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
            let code: ErrorCode = error.status == .contentTooLarge ? .contentTooLarge : .badRequest
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

    /// The answer to an error of the generated code: a handler's ``APIError`` as it is; an
    /// answer that could not be written because `Accept` allows no JSON, 406; a request the
    /// generated decoding refused although ``ContractMiddleware`` let it through, 400;
    /// anything else, 500.
    private static func response(for error: ServerError, _ request: Request, _ context: Context) throws -> Response {
        if let refusal = error.underlyingError as? APIError {
            return try refusal.response()
        }
        if error.operationOutput != nil {
            return try APIError.notAcceptable(request.headers[.accept] ?? "").response()
        }
        if error.operationInput == nil {
            return try APIError(
                status: .badRequest, code: .badRequest, message: "the request does not match the contract: \(error.causeDescription)"
            ).response()
        }
        context.logger.error(
            "request failed",
            metadata: ["error": "\(String(reflecting: error.underlyingError))", "path": "\(request.uri.path)"])
        return try APIError.internalError.response()
    }
}
