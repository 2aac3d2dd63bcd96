/// Which facts to list: one language, optionally narrowed to categories and
/// difficulties, one page of them in id order.
struct FactQuery: Sendable, Equatable {
    let language: Language
    /// Category ids, never empty; `nil` for every category.
    let categoryIDs: [Int]?
    /// Never empty; `nil` for every difficulty.
    let difficulties: [Difficulty]?
    /// From 1.
    let page: Int
    /// From 1 to ``maximumPageSize``.
    let pageSize: Int

    /// The page size when the client names none.
    static let defaultPageSize = 50
    /// The largest page a client may ask for.
    static let maximumPageSize = 200
}

/// One page of facts and where it sits among all that match. The body of `GET /api/facts`.
struct FactPage: Sendable, Equatable, Encodable {
    let facts: [Fact]
    let page: Int
    let pageSize: Int
    /// How many facts match, on every page.
    let total: Int

    /// How many pages of `pageSize` hold `total` facts; 0 when none match.
    var totalPages: Int {
        (total + pageSize - 1) / pageSize
    }

    enum CodingKeys: String, CodingKey {
        case facts, page, total
        case pageSize = "page_size"
        case totalPages = "total_pages"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(facts, forKey: .facts)
        try container.encode(page, forKey: .page)
        try container.encode(pageSize, forKey: .pageSize)
        try container.encode(total, forKey: .total)
        try container.encode(totalPages, forKey: .totalPages)
    }
}
