import Foundation
import HTTPTypes
import OpenAPIRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated client's transport: each request goes through ``HTTPExchange``, under
/// ``NetworkLimits`` and the time limit of the call, and every answer that is not a success
/// becomes the ``FactsError`` the user reads, so the generated code only ever decodes a 2xx.
///
/// One transport serves one call: it keeps the body of its answer, so that an answer the
/// generated decoding refuses can be quoted in the error.
final class ExchangeTransport: ClientTransport, @unchecked Sendable {
    private let limits: NetworkLimits
    private let timeLimit: Duration
    /// `host:port`, as messages name the server.
    private let server: String

    private let lock = NSLock()
    // Guarded by `lock`.
    private var answered: (path: String, body: Data)?

    init(limits: NetworkLimits, within timeLimit: Duration, server: String) {
        self.limits = limits
        self.timeLimit = timeLimit
        self.server = server
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let target = request.path ?? "/"
        let path = String(target.prefix { $0 != "?" })
        let root = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard let url = URL(string: root + target) else {
            throw FactsError(.invalidConfiguration, "\(root + target) is not a URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        if let body {
            // A registration is a few dozen bytes; the cap only stops a mistake.
            urlRequest.httpBody = try await Data(collecting: body, upTo: limits.maximumBodySize)
        }
        let answer = try await HTTPExchange.send(urlRequest, limits: limits, within: timeLimit, server: server)
        let status = answer.response.statusCode
        guard (200..<300).contains(status) else {
            throw failure(status: status, body: answer.body, path: path)
        }
        lock.withLock { answered = (path, answer.body) }
        var response = HTTPResponse(status: .init(code: status))
        for (name, value) in answer.response.allHeaderFields {
            if let name = (name as? String).flatMap({ HTTPField.Name($0) }), let value = value as? String {
                response.headerFields.append(HTTPField(name: name, value: value))
            }
        }
        return (response, HTTPBody(answer.body))
    }

    /// The error for an answer of `status` that is not a success, with the contract's error
    /// code and message when the body has them.
    private func failure(status: Int, body: Data, path: String) -> FactsError {
        // Read leniently, not with the generated type: a server that is not quite this one
        // (another version, a proxy) still gets its code and message shown.
        let detail = try? JSONDecoder().decode(ServiceFailure.self, from: body)
        switch status {
        case 400..<500:
            let text = detail.map { "\($0.error.code): \($0.error.message)" } ?? "HTTP \(status)"
            return FactsError(.rejected, "\(path): \(text)", serviceCode: detail?.error.code)
        case 500..<600:
            let text = detail.map { " (\(Self.printable($0.error.code)): \(Self.printable($0.error.message)))" } ?? ""
            return FactsError(.serverError, "The server at \(server) answered HTTP \(status) to \(path)\(text)", serviceCode: detail?.error.code)
        default:
            return FactsError(.invalidResponse, "\(server) is not the Facts A Day content service: it answered HTTP \(status) to \(path)")
        }
    }

    /// What a failure of the generated client means for the user: the ``FactsError`` this
    /// transport threw, or, for a success whose body the generated decoding refused, an
    /// answer that is not the content service's, quoted.
    func error(for error: any Error) -> any Error {
        guard let clientError = error as? ClientError else { return error }
        if clientError.underlyingError is FactsError || clientError.underlyingError is CancellationError {
            return clientError.underlyingError
        }
        return notTheService()
    }

    /// The error for a success that is not the contract's, quoting what came.
    func notTheService() -> FactsError {
        let (path, body) = lock.withLock { answered ?? ("/", Data()) }
        return FactsError(.invalidResponse, "\(server) is not the Facts A Day content service: it answered \(path) with \(Self.excerpt(of: body))")
    }

    /// The start of `body` as text, quoted, with control characters escaped: enough for the
    /// user to recognise what answered.
    static func excerpt(of body: Data) -> String {
        guard !body.isEmpty else { return "an empty body" }
        let text = String(decoding: body.prefix(60), as: UTF8.self)
        return "“\(printable(text))\(body.count > 60 ? "…" : "")”"
    }

    /// `text` with control and invisible format characters written as `\u{1B}`.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// The contract's error body, `{"error": {"code": …, "message": …}}`, with any code.
private struct ServiceFailure: Decodable {
    struct Detail: Decodable {
        var code: String
        var message: String
    }

    var error: Detail
}
