import Foundation
import HTTPTypes
import Hummingbird

/// Checks each request against the contract before the generated code decodes it, and
/// answers a mistake with the contract's error: the key of a device (401), a body that is
/// not JSON (415) or not a valid registration (400 naming the field), a query parameter
/// missing, repeated, malformed or out of range (400 naming it).
///
/// The generated decoding is looser (it reads `+2` or an empty `page` as a number, takes the
/// first of two `page`s) and its errors name no field, so a request that passes here is one
/// it decodes as the contract means.
struct ContractMiddleware<Context: RequestContext>: RouterMiddleware {
    let database: FactsDatabase
    /// The devices the database confirmed lately.
    let knownDevices: KnownDevices

    /// The longest `model` or `os_version` kept, in Unicode code points.
    static var maximumTextLength: Int { 200 }
    /// The last page a client may ask for: far past any corpus, and it keeps the row
    /// offset small.
    static var maximumPage: Int { 1_000_000 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        var request = request
        if request.method == .post, Endpoint.registerDevice.matches(path) {
            try Self.requireJSON(request)
            // The body limit's middleware has read the body already, bounded.
            let body = try await request.collectBody(upTo: .max)
            try Self.checkRegistration(Data(body.readableBytesView))
        } else if request.method == .get || request.method == .head, Endpoint.metadata.matches(path) || Endpoint.facts.matches(path) {
            try await authenticate(request)
            let parameters = QueryParameters(request)
            _ = try parameters.language()
            var names = ["language"]
            if Endpoint.facts.matches(path) {
                _ = try parameters.integer("page", default: 1, in: 1...Self.maximumPage)
                _ = try parameters.integer("page_size", default: FactQuery.defaultPageSize, in: 1...FactQuery.maximumPageSize)
                _ = try FactsFilter.difficulties(try parameters.value("difficulty"))
                _ = try FactsFilter.categorySlugs(try parameters.value("categories"))
                names += ["categories", "difficulty", "page", "page_size"]
            }
            request = try Self.request(request, keeping: names, of: parameters)
        }
        return try await next(request, context)
    }

    /// `request` with only the query parameters `names`, each once and percent-encoded: the
    /// contract ignores other parameters, and the generated decoding should not see them
    /// (it refuses a parameter without a value, such as `?debug`).
    private static func request(_ request: Request, keeping names: [String], of parameters: QueryParameters) throws(APIError) -> Request {
        var items: [String] = []
        for name in names {
            if let value = try parameters.value(name) {
                items.append("\(name)=\(value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")")
            }
        }
        var head = request.head
        head.path = request.uri.path + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
        return Request(head: head, body: request.body)
    }

    /// The characters a query value keeps as they are (RFC 3986's unreserved).
    private static var unreserved: CharacterSet { unreservedCharacters }

    /// Throws a 401 unless `X-Device-Key` holds the key of a registered device.
    private func authenticate(_ request: Request) async throws {
        guard let key = request.headers[.deviceKey], !key.isEmpty else {
            throw APIError.missingDeviceKey
        }
        let digest = DeviceKey.digest(of: key)
        if knownDevices.contains(digest) { return }
        guard let stored = try await database.storedDigest(matching: digest),
            DeviceKey.constantTimeEquals(stored, digest)
        else {
            throw APIError.invalidDeviceKey
        }
        knownDevices.insert(digest)
    }

    /// Throws a 415 unless the body is JSON: a missing `Content-Type` is taken for JSON.
    private static func requireJSON(_ request: Request) throws(APIError) {
        guard let contentType = request.headers[.contentType] else { return }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard mediaType == "application/json" else {
            throw .unsupportedMediaType(contentType)
        }
    }

    /// Throws a 400 unless `body` is a JSON object with the four fields of a registration.
    private static func checkRegistration(_ body: Data) throws(APIError) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(body)
        } catch {
            throw .invalidJSON("the body is not JSON: \(error.reason)")
        }
        guard case .object(let fields) = value else {
            throw .invalidJSON("the body must be a JSON object, not \(value.kind)")
        }
        do {
            let object = JSONObject(fields: fields)
            _ = try object.oneOf("platform", Components.Schemas.Platform.self)
            try shortText("model", from: object)
            try shortText("os_version", from: object)
            _ = try object.oneOf("language", Components.Schemas.Language.self)
        } catch {
            throw .invalidParameter(error.field, error.message)
        }
    }

    /// A text field as the contract's `ShortText` says: at most ``maximumTextLength`` code
    /// points, at least one of them not a space, tab or line break, none of them NUL (which
    /// PostgreSQL cannot store).
    private static func shortText(_ field: String, from object: JSONObject) throws(FieldError) {
        guard let value = object.fields[field] else {
            throw FieldError(field: field, message: "\(field) is required")
        }
        guard case .string(let text) = value else {
            throw FieldError(field: field, message: "\(field) must be a string, not \(value.kind)")
        }
        guard text.unicodeScalars.contains(where: { !blanks.contains($0) }) else {
            throw FieldError(field: field, message: "\(field) must not be empty")
        }
        guard !text.unicodeScalars.contains("\u{0}") else {
            throw FieldError(field: field, message: "\(field) must not contain NUL characters")
        }
        guard text.unicodeScalars.count <= maximumTextLength else {
            throw FieldError(field: field, message: "\(field) must be at most \(maximumTextLength) characters")
        }
    }

    /// What a text field may not consist of alone.
    private static var blanks: Set<Unicode.Scalar> { [" ", "\t", "\n", "\r"] }
}

/// RFC 3986's unreserved characters, built once: a generic type cannot store it.
private let unreservedCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

/// The list parameters of `GET /api/facts`, read the same way by the check and the handler.
enum FactsFilter {
    /// `difficulty`: absent or `all` for every difficulty (`nil`), else a list of difficulties.
    static func difficulties(_ text: String?) throws(APIError) -> [Difficulty]? {
        guard let names = try QueryParameters.list("difficulty", text), names != ["all"] else { return nil }
        return try names.map { name throws(APIError) in
            guard let difficulty = Difficulty(rawValue: name) else {
                let allowed = Difficulty.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalidParameter("difficulty", "difficulty must be all or a list of \(allowed), not \"\(name)\"")
            }
            return difficulty
        }
    }

    /// `categories`: absent for every category (`nil`), else slugs.
    static func categorySlugs(_ text: String?) throws(APIError) -> [String]? {
        try QueryParameters.list("categories", text)
    }
}

extension HTTPField.Name {
    /// `X-Device-Key`: the key a device got when it registered.
    static let deviceKey = HTTPField.Name("X-Device-Key")!
}
