/// A category of facts, named and described in one language.
struct Category: Sendable, Equatable, Encodable {
    let id: Int
    let name: String
    let slug: String
    let description: String
    let icon: String
    let colorHex: String

    enum CodingKeys: String, CodingKey {
        case id, name, slug, description, icon
        case colorHex = "color_hex"
    }
}
