import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// One structured log line a request: method, path, status, time taken and the client's
/// address, as metadata. Never a header, so never a device key.
struct AccessLogMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: response.status.code, since: started)
            return response
        } catch {
            // The error middleware answers every error; only its own failure lands here.
            log(request, context, status: 500, since: started)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, since started: ContinuousClock.Instant) {
        let took = started.duration(to: .now)
        let milliseconds = Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) / 1e15
        logger.info(
            "request",
            metadata: [
                "http.method": "\(request.method.rawValue)",
                "http.path": "\(request.uri.path)",
                "http.status": "\(status)",
                "http.duration_ms": "\(String(format: "%.3f", milliseconds))",
                "client.address": "\(context.clientAddress)",
            ])
    }
}
