/// One fact in one language, as `GET /api/facts` lists it.
struct Fact: Sendable, Equatable, Encodable {
    let id: Int
    let title: String
    let content: String
    let summary: String
    let difficulty: Difficulty
    /// The slug of its content type.
    let contentType: String
    /// The slug of its category.
    let category: String
    let tags: [String]
    let sourceURL: String?
    /// Minutes, at least 1.
    let readingTime: Int
    let wordCount: Int
    let imageURL: String?
    let language: Language
    /// When it was first imported, ISO 8601 in UTC.
    let createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, title, content, summary, difficulty, category, tags, language
        case contentType = "content_type"
        case sourceURL = "source_url"
        case readingTime = "reading_time"
        case wordCount = "word_count"
        case imageURL = "image_url"
        case createdAt = "created_at"
    }

    // Written by hand so that a missing URL is `null`, as the contract shows, not left out.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(content, forKey: .content)
        try container.encode(summary, forKey: .summary)
        try container.encode(difficulty, forKey: .difficulty)
        try container.encode(contentType, forKey: .contentType)
        try container.encode(category, forKey: .category)
        try container.encode(tags, forKey: .tags)
        try container.encode(sourceURL, forKey: .sourceURL)
        try container.encode(readingTime, forKey: .readingTime)
        try container.encode(wordCount, forKey: .wordCount)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(language, forKey: .language)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
