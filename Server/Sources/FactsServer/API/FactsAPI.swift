import Foundation
import OpenAPIRuntime

/// The three operations of the contract (`openapi.yaml`) over a ``FactsDatabase``: the
/// handlers of the generated `APIProtocol`.
///
/// ``ContractMiddleware`` has checked every request before, with the service's own error
/// messages (the generated decoding accepts more and says less), so what reaches a handler is
/// in range: only an unknown category slug is left to find here, as it needs the database.
struct FactsAPI: APIProtocol {
    let database: FactsDatabase
    /// Stores registrations, batching those that arrive together.
    let devices: DeviceWriter
    /// Now, for the time a device registered.
    let now: @Sendable () -> Date

    /// `POST /api/devices/register`: stores the device and answers 201 with its new key.
    func registerDevice(_ input: Operations.RegisterDevice.Input) async throws -> Operations.RegisterDevice.Output {
        let body: Components.Schemas.DeviceRegistration
        switch input.body {
        case .json(let value): body = value
        }
        let registration = DeviceRegistration(
            platform: body.platform, model: body.model, osVersion: body.osVersion, language: body.language)
        var generator = SystemRandomNumberGenerator()
        let key = DeviceKey.generate(using: &generator)
        try await devices.insert(NewDevice(registration: registration, keyDigest: DeviceKey.digest(of: key), createdAt: Timestamp.string(now())))
        return .created(.init(body: .json(.init(deviceKey: key))))
    }

    /// `GET /api/metadata`: the categories and content types in the requested language.
    func getMetadata(_ input: Operations.GetMetadata.Input) async throws -> Operations.GetMetadata.Output {
        .ok(.init(body: .json(try await database.metadata(language: input.query.language))))
    }

    /// `GET /api/facts`: one page of facts in the requested language, narrowed by category
    /// and difficulty.
    func listFacts(_ input: Operations.ListFacts.Input) async throws -> Operations.ListFacts.Output {
        let parameters = input.query
        let query = FactQuery(
            language: parameters.language,
            categoryIDs: try await categoryIDs(try FactsFilter.categorySlugs(parameters.categories)),
            difficulties: try FactsFilter.difficulties(parameters.difficulty),
            page: parameters.page ?? 1,
            pageSize: parameters.pageSize ?? FactQuery.defaultPageSize
        )
        return .ok(.init(body: .json(try await database.facts(query))))
    }

    /// The ids of `slugs`, which must all exist; `nil` for every category.
    private func categoryIDs(_ slugs: [String]?) async throws -> [Int]? {
        guard let slugs else { return nil }
        let ids = try await database.categoryIDs()
        let unknown = slugs.filter { ids[$0] == nil }
        guard unknown.isEmpty else {
            let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
            throw APIError.invalidParameter("categories", "no category has the slug \(names): see GET /api/metadata")
        }
        return slugs.compactMap { ids[$0] }
    }
}
