import Foundation
import HTTPTypes
import OpenAPIRuntime

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
/// The requests and answers are the client generated from the contract, `Server/openapi.yaml`
/// (committed, by `Server/Scripts/generate-openapi.sh`); its transport is the recipe's own, so
/// every call keeps its timeouts and body cap on every platform.
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
        guard let platform = Components.Schemas.Platform(rawValue: device.platform) else {
            let names = Components.Schemas.Platform.allCases.map(\.rawValue).joined(separator: ", ")
            throw FactsError(.invalidConfiguration, "platform must be one of \(names), not \"\(device.platform)\"")
        }
        let registration = Components.Schemas.DeviceRegistration(
            platform: platform, model: device.model, osVersion: device.osVersion, language: Components.Schemas.Language(language))
        return try await call(within: timeLimit) { client in
            switch try await client.registerDevice(body: .json(registration)) {
            case .created(let created): try created.body.json.deviceKey
            default: nil
            }
        }
    }

    public func metadata(language: FactsLanguage, deviceKey: String, within timeLimit: Duration) async throws -> FactsMetadata {
        try await call(within: timeLimit, deviceKey: deviceKey) { client in
            switch try await client.getMetadata(query: .init(language: Components.Schemas.Language(language))) {
            case .ok(let ok): FactsMetadata(try ok.body.json)
            default: nil
            }
        }
    }

    public func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String, within timeLimit: Duration) async throws -> FactsPage {
        let parameters = Operations.ListFacts.Input.Query(
            language: Components.Schemas.Language(query.language),
            categories: query.categories.isEmpty ? nil : query.categories.joined(separator: ","),
            difficulty: query.difficulty.queryValue, page: page, pageSize: pageSize)
        return try await call(within: timeLimit, deviceKey: deviceKey) { client in
            switch try await client.listFacts(query: parameters) {
            case .ok(let ok): FactsPage(try ok.body.json)
            default: nil
            }
        }
    }

    /// Runs `operation` with the generated client over an ``ExchangeTransport`` that has
    /// `timeLimit`, sending `deviceKey` as `X-Device-Key` when given; throws what the user
    /// should read. `operation` returns `nil` for a success the contract does not list.
    private func call<T: Sendable>(
        within timeLimit: Duration, deviceKey: String? = nil, _ operation: (Client) async throws -> T?
    ) async throws -> T {
        let transport = ExchangeTransport(limits: limits, within: timeLimit, server: server)
        let client = Client(
            serverURL: baseURL, transport: transport, middlewares: deviceKey.map { [DeviceKeyMiddleware(key: $0)] } ?? [])
        let value: T?
        do {
            value = try await operation(client)
        } catch {
            throw transport.error(for: error)
        }
        guard let value else { throw transport.notTheService() }
        return value
    }
}

/// Sends the device key in `X-Device-Key`, which the contract's security scheme names and the
/// generated client leaves to the caller.
private struct DeviceKeyMiddleware: ClientMiddleware {
    let key: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[HTTPField.Name("X-Device-Key")!] = key
        return try await next(request, body, baseURL)
    }
}

extension Components.Schemas.Language {
    /// The language of a request.
    init(_ language: FactsLanguage) {
        switch language {
        case .en: self = .en
        case .de: self = .de
        case .es: self = .es
        case .fr: self = .fr
        case .ja: self = .ja
        case .ko: self = .ko
        case .tr: self = .tr
        case .zh: self = .zh
        }
    }
}

extension FactsMetadata {
    /// The metadata of an answer.
    init(_ metadata: Components.Schemas.Metadata) {
        self.init(
            language: metadata.language.rawValue,
            categories: metadata.categories.map {
                FactCategory(id: $0.id, name: $0.name, slug: $0.slug, description: $0.description, icon: $0.icon, colorHex: $0.colorHex)
            },
            contentTypes: metadata.contentTypes.map { ContentType(id: $0.id, name: $0.name, slug: $0.slug, description: $0.description) })
    }
}

extension FactsPage {
    /// The page of an answer.
    init(_ page: Components.Schemas.FactPage) {
        self.init(
            facts: page.facts.map {
                Fact(
                    id: $0.id, title: $0.title, content: $0.content, summary: $0.summary, difficulty: $0.difficulty.rawValue,
                    contentType: $0.contentType, category: $0.category, tags: $0.tags, sourceURL: $0.sourceUrl, readingTime: $0.readingTime,
                    wordCount: $0.wordCount, imageURL: $0.imageUrl, language: $0.language.rawValue, createdAt: $0.createdAt)
            },
            page: page.page, pageSize: page.pageSize, total: page.total, totalPages: page.totalPages)
    }
}
