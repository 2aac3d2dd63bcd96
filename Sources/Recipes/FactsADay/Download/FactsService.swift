import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The device the app registers as.
public struct DeviceInfo: Hashable, Sendable, Codable {
    /// `ios`, `android`, `macos` or `linux`.
    public var platform: String
    /// The hardware model (`iPhone15,2`).
    public var model: String
    /// The system's version.
    public var osVersion: String

    /// A device with these fields.
    public init(platform: String, model: String, osVersion: String) {
        self.platform = platform
        self.model = model
        self.osVersion = osVersion
    }
}

/// The categories and content types in one language.
public struct FactsMetadata: Hashable, Sendable, Codable {
    /// The language they are written in.
    public var language: String
    /// The categories.
    public var categories: [FactCategory]
    /// The content types.
    public var contentTypes: [ContentType]

    /// Metadata with these fields.
    public init(language: String, categories: [FactCategory], contentTypes: [ContentType]) {
        self.language = language
        self.categories = categories
        self.contentTypes = contentTypes
    }

    enum CodingKeys: String, CodingKey {
        case language, categories
        case contentTypes = "content_types"
    }
}

/// One page of the facts endpoint.
public struct FactsPage: Hashable, Sendable, Codable {
    /// The facts, by id.
    public var facts: [Fact]
    /// This page's number, from 1.
    public var page: Int
    /// Facts per page.
    public var pageSize: Int
    /// Facts in all pages.
    public var total: Int
    /// Pages in all.
    public var totalPages: Int

    /// A page with these fields.
    public init(facts: [Fact], page: Int, pageSize: Int, total: Int, totalPages: Int) {
        self.facts = facts
        self.page = page
        self.pageSize = pageSize
        self.total = total
        self.totalPages = totalPages
    }

    enum CodingKeys: String, CodingKey {
        case facts, page, total
        case pageSize = "page_size"
        case totalPages = "total_pages"
    }
}

/// Which facts to download.
public struct FactsQuery: Hashable, Sendable {
    /// The language.
    public var language: FactsLanguage
    /// Category slugs; every category when empty.
    public var categories: [String]
    /// The difficulty; ``Difficulty/all`` for every one.
    public var difficulty: Difficulty

    /// A query for these values.
    public init(language: FactsLanguage, categories: [String], difficulty: Difficulty) {
        self.language = language
        self.categories = categories
        self.difficulty = difficulty
    }
}

/// The content service, as the app calls it: one narrow interface, with the HTTP client
/// (``HTTPFactsService``) as its live implementation.
///
/// Each call ends within `timeLimit`: ``FactsDownloader`` passes what is left of its
/// ``RetryPolicy/budget``, so that retries never take the step past it.
public protocol FactsService: Sendable {
    /// Registers the device; returns its key.
    func register(_ device: DeviceInfo, language: FactsLanguage, within timeLimit: Duration) async throws -> String
    /// The categories and content types in `language`.
    func metadata(language: FactsLanguage, deviceKey: String, within timeLimit: Duration) async throws -> FactsMetadata
    /// Page `page` (from 1) of the facts matching `query`.
    func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String, within timeLimit: Duration) async throws -> FactsPage
}

/// The content service over HTTP, with `URLSession`, under ``NetworkLimits``.
///
/// Every failure is a ``FactsError`` that says what the user would want to know:
///
/// | what happened | code | message |
/// | --- | --- | --- |
/// | connection refused, unknown host, no network | ``FactsError/Code/network`` | Cannot connect to the server at 127.0.0.1:8080 |
/// | no answer, a silence, or too slow an answer | ``FactsError/Code/timeout`` | The server at 127.0.0.1:8080 did not answer within 5 s |
/// | a 5xx, or the connection closed without an answer | ``FactsError/Code/serverError`` | The server at 127.0.0.1:8080 answered HTTP 500 |
/// | a 4xx | ``FactsError/Code/rejected`` | /api/facts: invalid_parameter: page_size must be between 1 and 200 |
/// | not HTTP, or not the contract's JSON | ``FactsError/Code/invalidResponse`` | 127.0.0.1:22 is not the Facts A Day content service: it answered something that is not HTTP |
/// | a body over the cap | ``FactsError/Code/tooLarge`` | The server at 127.0.0.1:8080 sent more than 4 MiB for /api/facts; a facts page is far smaller |
///
/// ``FactsDownloader`` retries the first three kinds (``FactsError/Code/isRetryable``).
public struct HTTPFactsService: FactsService {
    /// The server's root, such as `http://127.0.0.1:8080`.
    public var baseURL: URL
    /// The timeouts and the body cap of each request.
    public var limits: NetworkLimits

    /// A client for the service at `baseURL`.
    public init(baseURL: URL, limits: NetworkLimits = NetworkLimits()) {
        self.baseURL = baseURL
        self.limits = limits
    }

    /// `host:port`, as messages name the server.
    var server: String {
        let host = baseURL.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? baseURL.absoluteString
        return host + (baseURL.port.map { ":\($0)" } ?? "")
    }

    /// ``register(_:language:within:)`` within ``NetworkLimits/total``.
    public func register(_ device: DeviceInfo, language: FactsLanguage) async throws -> String {
        try await register(device, language: language, within: limits.total)
    }

    /// ``metadata(language:deviceKey:within:)`` within ``NetworkLimits/total``.
    public func metadata(language: FactsLanguage, deviceKey: String) async throws -> FactsMetadata {
        try await metadata(language: language, deviceKey: deviceKey, within: limits.total)
    }

    /// ``facts(_:page:pageSize:deviceKey:within:)`` within ``NetworkLimits/total``.
    public func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String) async throws -> FactsPage {
        try await facts(query, page: page, pageSize: pageSize, deviceKey: deviceKey, within: limits.total)
    }

    public func register(_ device: DeviceInfo, language: FactsLanguage, within timeLimit: Duration) async throws -> String {
        struct Body: Encodable { var platform, model, os_version, language: String }
        struct Answer: Decodable { var device_key: String }
        var request = URLRequest(url: baseURL.appendingPathComponent("api/devices/register"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(
            Body(platform: device.platform, model: device.model, os_version: device.osVersion, language: language.rawValue))
        let answer: Answer = try await send(request, within: timeLimit)
        return answer.device_key
    }

    public func metadata(language: FactsLanguage, deviceKey: String, within timeLimit: Duration) async throws -> FactsMetadata {
        try await send(get("api/metadata", [URLQueryItem(name: "language", value: language.rawValue)], deviceKey: deviceKey), within: timeLimit)
    }

    public func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String, within timeLimit: Duration) async throws -> FactsPage {
        var items = [URLQueryItem(name: "language", value: query.language.rawValue)]
        if !query.categories.isEmpty { items.append(URLQueryItem(name: "categories", value: query.categories.joined(separator: ","))) }
        items += [
            URLQueryItem(name: "difficulty", value: query.difficulty.queryValue),
            URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "page_size", value: String(pageSize)),
        ]
        return try await send(get("api/facts", items, deviceKey: deviceKey), within: timeLimit)
    }

    private func get(_ path: String, _ items: [URLQueryItem], deviceKey: String) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        components?.queryItems = items
        var request = URLRequest(url: components?.url ?? baseURL)
        request.setValue(deviceKey, forHTTPHeaderField: "X-Device-Key")
        return request
    }

    private func send<Answer: Decodable>(_ request: URLRequest, within timeLimit: Duration) async throws -> Answer {
        let path = request.url?.path ?? ""
        let answer = try await HTTPExchange.send(request, limits: limits, within: timeLimit, server: server)
        let status = answer.response.statusCode
        switch status {
        case 200..<300:
            do {
                return try JSONDecoder().decode(Answer.self, from: answer.body)
            } catch {
                throw FactsError(
                    .invalidResponse, "\(server) is not the Facts A Day content service: it answered \(path) with \(Self.excerpt(of: answer.body))")
            }
        case 400..<500:
            let failure = try? JSONDecoder().decode(ServiceFailure.self, from: answer.body)
            let detail = failure.map { "\($0.error.code): \($0.error.message)" } ?? "HTTP \(status)"
            throw FactsError(.rejected, "\(path): \(detail)", serviceCode: failure?.error.code)
        case 500..<600:
            let failure = try? JSONDecoder().decode(ServiceFailure.self, from: answer.body)
            let detail = failure.map { " (\(Self.printable($0.error.code)): \(Self.printable($0.error.message)))" } ?? ""
            throw FactsError(.serverError, "The server at \(server) answered HTTP \(status) to \(path)\(detail)", serviceCode: failure?.error.code)
        default:
            throw FactsError(.invalidResponse, "\(server) is not the Facts A Day content service: it answered HTTP \(status) to \(path)")
        }
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

/// The contract's error body: `{"error": {"code": …, "message": …}}`.
private struct ServiceFailure: Decodable {
    struct Detail: Decodable {
        var code: String
        var message: String
    }

    var error: Detail
}
