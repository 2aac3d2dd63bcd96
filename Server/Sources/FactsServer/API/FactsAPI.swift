import Foundation
import HTTPTypes
import Hummingbird

/// The three endpoints of the content service, over a ``FactsDatabase``.
struct FactsAPI: Sendable {
    let database: FactsDatabase
    /// Now, for the time a device registered.
    let now: @Sendable () -> Date

    /// The longest `model` or `os_version` kept.
    static let maximumTextLength = 200

    /// The last page a client may ask for: far past any corpus, and it keeps the row
    /// offset small.
    static let maximumPage = 1_000_000

    /// `POST /api/devices/register`: stores the device and answers 201 with its new key.
    func registerDevice(_ request: Request) async throws -> Response {
        try Self.requireJSON(request)
        var request = request
        // The body limit's middleware has read the body already, bounded.
        let body = try await request.collectBody(upTo: .max)
        let value: JSONValue
        do {
            value = try JSONValue.parse(Data(body.readableBytesView))
        } catch {
            throw APIError.invalidJSON("the body is not JSON: \(error.reason)")
        }
        guard case .object(let fields) = value else {
            throw APIError.invalidJSON("the body must be a JSON object, not \(value.kind)")
        }
        let registration: DeviceRegistration
        do {
            let object = JSONObject(fields: fields)
            registration = DeviceRegistration(
                platform: try object.oneOf("platform", Platform.self),
                model: try Self.shortText("model", from: object),
                osVersion: try Self.shortText("os_version", from: object),
                language: try object.oneOf("language", Language.self)
            )
        } catch {
            throw APIError.invalidParameter(error.field, error.message)
        }
        var generator = SystemRandomNumberGenerator()
        let key = DeviceKey.generate(using: &generator)
        try await database.insertDevice(registration, keyDigest: DeviceKey.digest(of: key), createdAt: Timestamp.string(now()))
        return try JSONResponse.make(["device_key": key], status: .created)
    }

    /// `GET /api/metadata`: the categories and content types in the requested language.
    func metadata(_ request: Request) async throws -> Response {
        try await authenticate(request)
        let parameters = QueryParameters(request)
        return try JSONResponse.make(try await database.metadata(language: try parameters.language()))
    }

    /// `GET /api/facts`: one page of facts in the requested language, narrowed by category
    /// and difficulty.
    func facts(_ request: Request) async throws -> Response {
        try await authenticate(request)
        let parameters = QueryParameters(request)
        let language = try parameters.language()
        let page = try parameters.integer("page", default: 1, in: 1...Self.maximumPage)
        let pageSize = try parameters.integer("page_size", default: FactQuery.defaultPageSize, in: 1...FactQuery.maximumPageSize)
        let difficulties = try Self.difficulties(parameters)
        let categoryIDs = try await categoryIDs(parameters)
        let query = FactQuery(language: language, categoryIDs: categoryIDs, difficulties: difficulties, page: page, pageSize: pageSize)
        return try JSONResponse.make(try await database.facts(query))
    }

    /// Throws a 401 unless `X-Device-Key` holds the key of a registered device.
    private func authenticate(_ request: Request) async throws {
        guard let key = request.headers[.deviceKey], !key.isEmpty else {
            throw APIError.missingDeviceKey
        }
        let digest = DeviceKey.digest(of: key)
        guard let stored = try await database.storedDigest(matching: digest),
            DeviceKey.constantTimeEquals(stored, digest)
        else {
            throw APIError.invalidDeviceKey
        }
    }

    /// `difficulty`: absent or `all` for every difficulty, else a list of difficulties.
    private static func difficulties(_ parameters: QueryParameters) throws(APIError) -> [Difficulty]? {
        guard let names = try parameters.list("difficulty"), names != ["all"] else { return nil }
        return try names.map { name throws(APIError) in
            guard let difficulty = Difficulty(rawValue: name) else {
                let allowed = Difficulty.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalidParameter("difficulty", "difficulty must be all or a list of \(allowed), not \"\(name)\"")
            }
            return difficulty
        }
    }

    /// `categories`: absent for every category, else slugs that must all exist.
    private func categoryIDs(_ parameters: QueryParameters) async throws -> [Int]? {
        guard let slugs = try parameters.list("categories") else { return nil }
        let ids = try await database.categoryIDs()
        let unknown = slugs.filter { ids[$0] == nil }
        guard unknown.isEmpty else {
            let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
            throw APIError.invalidParameter("categories", "no category has the slug \(names): see GET /api/metadata")
        }
        return slugs.compactMap { ids[$0] }
    }

    /// A text field as the contract's `ShortText` says: at most ``maximumTextLength`` code
    /// points, at least one of them not a space, tab or line break, none of them NUL (which
    /// PostgreSQL cannot store).
    private static func shortText(_ field: String, from object: JSONObject) throws(FieldError) -> String {
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
        return text
    }

    /// What a text field may not consist of alone.
    private static let blanks: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]

    /// Throws a 415 unless the body is JSON: a missing `Content-Type` is taken for JSON.
    private static func requireJSON(_ request: Request) throws(APIError) {
        guard let contentType = request.headers[.contentType] else { return }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard mediaType == "application/json" else {
            throw .unsupportedMediaType(contentType)
        }
    }
}

extension HTTPField.Name {
    /// `X-Device-Key`: the key a device got when it registered.
    static let deviceKey = HTTPField.Name("X-Device-Key")!
}
