import Bugle
import Foundation

/// A category of facts, as the metadata endpoint returns it, in the user's language.
public struct FactCategory: Hashable, Sendable, Codable {
    /// The service's id.
    public var id: Int
    /// The localized name.
    public var name: String
    /// The stable key the facts endpoint filters by.
    public var slug: String
    /// The localized description.
    public var description: String?
    /// An emoji.
    public var icon: String?
    /// `#RRGGBB`.
    public var colorHex: String?

    /// A category with these fields.
    public init(id: Int, name: String, slug: String, description: String? = nil, icon: String? = nil, colorHex: String? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
        self.description = description
        self.icon = icon
        self.colorHex = colorHex
    }

    enum CodingKeys: String, CodingKey {
        case id, name, slug, description, icon
        case colorHex = "color_hex"
    }
}

/// A kind of content (`fact`, `myth`), as the metadata endpoint returns it.
public struct ContentType: Hashable, Sendable, Codable {
    /// The service's id.
    public var id: Int
    /// The localized name.
    public var name: String
    /// The stable key facts refer to.
    public var slug: String
    /// The localized description.
    public var description: String?

    /// A content type with these fields.
    public init(id: Int, name: String, slug: String, description: String? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
        self.description = description
    }
}

/// One fact, with the seed's fields.
public struct Fact: Hashable, Sendable, Codable {
    /// The service's id, unique across languages.
    public var id: Int
    /// A short title, when the fact has one.
    public var title: String?
    /// The whole text.
    public var content: String
    /// A one-line version, when the fact has one.
    public var summary: String?
    /// `beginner`, `intermediate` or `advanced`.
    public var difficulty: String?
    /// The content type's slug.
    public var contentType: String?
    /// The category's slug.
    public var category: String?
    /// Free tags.
    public var tags: [String]
    /// Where the fact comes from.
    public var sourceURL: String?
    /// Minutes to read it.
    public var readingTime: Int?
    /// Words in it.
    public var wordCount: Int?
    /// An illustration.
    public var imageURL: String?
    /// The language it is written in.
    public var language: String
    /// When the service imported it (ISO 8601).
    public var createdAt: String

    /// A fact with these fields.
    public init(
        id: Int, title: String? = nil, content: String, summary: String? = nil, difficulty: String? = nil, contentType: String? = nil,
        category: String? = nil, tags: [String] = [], sourceURL: String? = nil, readingTime: Int? = nil, wordCount: Int? = nil,
        imageURL: String? = nil, language: String, createdAt: String = "2026-01-01T00:00:00Z"
    ) {
        self.id = id
        self.title = title
        self.content = content
        self.summary = summary
        self.difficulty = difficulty
        self.contentType = contentType
        self.category = category
        self.tags = tags
        self.sourceURL = sourceURL
        self.readingTime = readingTime
        self.wordCount = wordCount
        self.imageURL = imageURL
        self.language = language
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, title, content, summary, difficulty, category, tags, language
        case contentType = "content_type"
        case sourceURL = "source_url"
        case readingTime = "reading_time"
        case wordCount = "word_count"
        case imageURL = "image_url"
        case createdAt = "created_at"
    }

    /// Decodes the service's JSON; `tags` may be missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        content = try c.decode(String.self, forKey: .content)
        summary = try c.decodeIfPresent(String.self, forKey: .summary)
        difficulty = try c.decodeIfPresent(String.self, forKey: .difficulty)
        contentType = try c.decodeIfPresent(String.self, forKey: .contentType)
        category = try c.decodeIfPresent(String.self, forKey: .category)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        sourceURL = try c.decodeIfPresent(String.self, forKey: .sourceURL)
        readingTime = try c.decodeIfPresent(Int.self, forKey: .readingTime)
        wordCount = try c.decodeIfPresent(Int.self, forKey: .wordCount)
        imageURL = try c.decodeIfPresent(String.self, forKey: .imageURL)
        language = try c.decode(String.self, forKey: .language)
        createdAt = try c.decodeIfPresent(String.self, forKey: .createdAt) ?? "1970-01-01T00:00:00Z"
    }
}

/// What the user chose during onboarding, saved when it completes.
public struct FactsPreferences: Hashable, Sendable, Codable {
    /// The app's language.
    public var language: FactsLanguage
    /// Slugs of the chosen categories.
    public var categories: [String]
    /// The chosen difficulty.
    public var difficulty: Difficulty
    /// When the daily fact comes, on the device's wall clock.
    public var notificationTime: LocalTime

    /// Preferences with these values.
    public init(language: FactsLanguage, categories: [String], difficulty: Difficulty, notificationTime: LocalTime) {
        self.language = language
        self.categories = categories
        self.difficulty = difficulty
        self.notificationTime = notificationTime
    }
}
