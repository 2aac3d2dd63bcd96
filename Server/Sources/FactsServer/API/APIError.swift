import Foundation
import HTTPTypes
import Hummingbird

/// An answer that is not a success: a client's mistake (4xx) or the service's failure (500),
/// written as `{"error": {"code": …, "message": …, "parameter": …}}`.
struct APIError: Error, Sendable, Equatable {
    let status: HTTPResponse.Status
    /// A stable, machine-readable name: `invalid_parameter`, `not_found`, ….
    let code: ErrorCode
    /// A sentence for the developer reading the response.
    let message: String
    /// The query parameter or body field at fault, when one is.
    var parameter: String?
    /// The methods the path takes, for a 405's `Allow` header.
    var allowedMethods: [HTTPRequest.Method] = []
    /// Whole seconds for a 429's `Retry-After` header.
    var retryAfter: Int?

    static func invalidJSON(_ message: String) -> APIError {
        APIError(status: .badRequest, code: .invalidJson, message: message)
    }

    static func invalidParameter(_ parameter: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: .invalidParameter, message: message, parameter: parameter)
    }

    static let missingDeviceKey = APIError(
        status: .unauthorized, code: .missingDeviceKey,
        message: "send the key from POST /api/devices/register in the X-Device-Key header"
    )

    static let invalidDeviceKey = APIError(
        status: .unauthorized, code: .invalidDeviceKey,
        message: "the X-Device-Key header holds no registered key: register the device again"
    )

    static func notFound(_ path: String) -> APIError {
        APIError(status: .notFound, code: .notFound, message: "no endpoint at \(path)")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, _ path: String, allowed: [HTTPRequest.Method]) -> APIError {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(
            status: .methodNotAllowed, code: .methodNotAllowed,
            message: "\(path) takes \(names), not \(method.rawValue)", allowedMethods: allowed
        )
    }

    static func contentTooLarge(_ limit: Int) -> APIError {
        APIError(status: .contentTooLarge, code: .contentTooLarge, message: "the body must be at most \(limit) bytes")
    }

    static func unsupportedMediaType(_ received: String) -> APIError {
        APIError(
            status: .unsupportedMediaType, code: .unsupportedMediaType, message: "the body must be application/json, not \(received)")
    }

    static func notAcceptable(_ accept: String) -> APIError {
        APIError(
            status: .notAcceptable, code: .notAcceptable, message: "the service answers application/json only, and Accept allows \(accept)")
    }

    static func tooManyRequests(retryAfter: Int, scope: RegistrationLimiter.Scope) -> APIError {
        let whose =
            switch scope {
            case .address: "too many registrations from this address"
            case .total: "too many registrations at the moment"
            }
        return APIError(
            status: .tooManyRequests, code: .tooManyRequests, message: "\(whose); try again in \(retryAfter) s", retryAfter: retryAfter)
    }

    static let internalError = APIError(
        status: .internalServerError, code: .internalError,
        message: "the service failed to answer; the failure is in its log"
    )

    /// The response that carries this error.
    func response() throws -> Response {
        var response = try JSONResponse.make(
            Components.Schemas._Error(error: .init(code: code, message: message, parameter: parameter)), status: status)
        if !allowedMethods.isEmpty {
            response.headers[.allow] = allowedMethods.map(\.rawValue).joined(separator: ", ")
        }
        if let retryAfter {
            response.headers[.retryAfter] = String(retryAfter)
        }
        return response
    }
}

/// The contract's error codes.
typealias ErrorCode = Components.Schemas._Error._ErrorPayload.CodePayload

/// JSON bodies, encoded one way for every endpoint.
enum JSONResponse {
    /// A response with `value` as its JSON body.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
