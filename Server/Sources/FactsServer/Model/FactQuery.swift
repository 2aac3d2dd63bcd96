/// Which facts to list: one language, optionally narrowed to categories and
/// difficulties, one page of them in id order.
struct FactQuery: Sendable, Equatable {
    let language: Components.Schemas.Language
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

    /// How many pages of `pageSize` hold `total` facts; 0 when none match.
    static func pages(for total: Int, of pageSize: Int) -> Int {
        (total + pageSize - 1) / pageSize
    }
}
