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
public protocol FactsService: Sendable {
    /// Registers the device; returns its key.
    func register(_ device: DeviceInfo, language: FactsLanguage) async throws -> String
    /// The categories and content types in `language`.
    func metadata(language: FactsLanguage, deviceKey: String) async throws -> FactsMetadata
    /// Page `page` (from 1) of the facts matching `query`.
    func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String) async throws -> FactsPage
}

/// The content service over HTTP, with `URLSession`.
///
/// A transport failure, a timeout or a 5xx throws ``FactsError/Code/network`` (worth a
/// retry); a 4xx throws ``FactsError/Code/rejected`` with the service's error message.
public struct HTTPFactsService: FactsService {
    /// The server's root, such as `http://127.0.0.1:8080`.
    public var baseURL: URL
    let session: URLSession

    /// A client for the service at `baseURL`.
    public init(baseURL: URL, timeout: TimeInterval = 15) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func register(_ device: DeviceInfo, language: FactsLanguage) async throws -> String {
        struct Body: Encodable { var platform, model, os_version, language: String }
        struct Answer: Decodable { var device_key: String }
        var request = URLRequest(url: baseURL.appendingPathComponent("api/devices/register"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(Body(platform: device.platform, model: device.model, os_version: device.osVersion, language: language.rawValue))
        let answer: Answer = try await send(request)
        return answer.device_key
    }

    public func metadata(language: FactsLanguage, deviceKey: String) async throws -> FactsMetadata {
        try await send(get("api/metadata", [URLQueryItem(name: "language", value: language.rawValue)], deviceKey: deviceKey))
    }

    public func facts(_ query: FactsQuery, page: Int, pageSize: Int, deviceKey: String) async throws -> FactsPage {
        var items = [URLQueryItem(name: "language", value: query.language.rawValue)]
        if !query.categories.isEmpty { items.append(URLQueryItem(name: "categories", value: query.categories.joined(separator: ","))) }
        items += [URLQueryItem(name: "difficulty", value: query.difficulty.queryValue),
                  URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "page_size", value: String(pageSize))]
        return try await send(get("api/facts", items, deviceKey: deviceKey))
    }

    private func get(_ path: String, _ items: [URLQueryItem], deviceKey: String) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        components?.queryItems = items
        var request = URLRequest(url: components?.url ?? baseURL)
        request.setValue(deviceKey, forHTTPHeaderField: "X-Device-Key")
        return request
    }

    private func send<Answer: Decodable>(_ request: URLRequest) async throws -> Answer {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw FactsError(.network, "\(request.url?.path ?? ""): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw FactsError(.invalidResponse, "not an HTTP response") }
        switch http.statusCode {
        case 200..<300:
            do {
                return try JSONDecoder().decode(Answer.self, from: data)
            } catch {
                throw FactsError(.invalidResponse, "\(request.url?.path ?? ""): \(error)")
            }
        case 400..<500:
            let failure = try? JSONDecoder().decode(ServiceFailure.self, from: data)
            let detail = failure.map { "\($0.error.code): \($0.error.message)" } ?? "HTTP \(http.statusCode)"
            throw FactsError(.rejected, "\(request.url?.path ?? ""): \(detail)", serviceCode: failure?.error.code)
        default:
            throw FactsError(.network, "\(request.url?.path ?? ""): HTTP \(http.statusCode)")
        }
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
