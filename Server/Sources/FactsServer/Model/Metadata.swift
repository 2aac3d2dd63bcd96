/// Everything an app needs before it picks categories: the categories and content types,
/// in one language. The body of `GET /api/metadata`.
struct Metadata: Sendable, Equatable, Encodable {
    let language: Language
    let categories: [Category]
    let contentTypes: [ContentType]

    enum CodingKeys: String, CodingKey {
        case language, categories
        case contentTypes = "content_types"
    }
}
