import Foundation

/// A category as `categories.json` lists it: names and descriptions in all eight languages.
struct CorpusCategory: Sendable, Equatable {
    let slug: String
    let icon: String
    let colorHex: String
    let names: [Language: String]
    let descriptions: [Language: String]

    init(_ object: JSONObject) throws(FieldError) {
        slug = try CorpusSlug.read("slug", from: object)
        icon = try object.string("icon")
        colorHex = try object.string("color_hex")
        guard colorHex.utf8.count == 7, colorHex.hasPrefix("#"), colorHex.dropFirst().allSatisfy(\.isHexDigit) else {
            throw FieldError(field: "color_hex", message: "color_hex must be # and six hex digits, not \"\(colorHex)\"")
        }
        names = try Translations.read("name", from: object)
        descriptions = try Translations.read("description", from: object)
    }
}

/// A content type as `content_types.json` lists it.
struct CorpusContentType: Sendable, Equatable {
    let slug: String
    let names: [Language: String]
    let descriptions: [Language: String]

    init(_ object: JSONObject) throws(FieldError) {
        slug = try CorpusSlug.read("slug", from: object)
        names = try Translations.read("name", from: object)
        descriptions = try Translations.read("description", from: object)
    }
}

/// A fact as one line of `facts/<language>.jsonl` holds it.
struct CorpusFact: Sendable, Equatable {
    /// The same key in two files marks translations of one fact.
    let key: String
    let title: String
    let content: String
    let summary: String
    let difficulty: Difficulty
    let contentType: String
    let category: String
    let tags: [String]
    let sourceURL: String?
    let imageURL: String?

    init(_ object: JSONObject) throws(FieldError) {
        key = try object.string("key")
        title = try object.string("title")
        content = try object.string("content")
        summary = try object.string("summary")
        difficulty = try object.oneOf("difficulty", Difficulty.self)
        contentType = try CorpusSlug.read("content_type", from: object)
        category = try CorpusSlug.read("category", from: object)
        tags = try object.strings("tags")
        sourceURL = try Self.webAddress("source_url", from: object)
        imageURL = try Self.webAddress("image_url", from: object)
    }

    private static func webAddress(_ field: String, from object: JSONObject) throws(FieldError) -> String? {
        guard let address = try object.optionalString(field) else { return nil }
        guard address.hasPrefix("https://") || address.hasPrefix("http://") else {
            throw FieldError(field: field, message: "\(field) must be an http or https address, not \"\(address)\"")
        }
        return address
    }
}

/// A slug: lower-case letters, digits and hyphens, as in URLs and the `categories` parameter.
enum CorpusSlug {
    static func read(_ field: String, from object: JSONObject) throws(FieldError) -> String {
        let slug = try object.string(field)
        let allowed = slug.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        }
        guard allowed else {
            throw FieldError(field: field, message: "\(field) must hold only a-z, 0-9 and -, not \"\(slug)\"")
        }
        return slug
    }
}

/// A text in each of the eight languages.
enum Translations {
    static func read(_ field: String, from object: JSONObject) throws(FieldError) -> [Language: String] {
        let texts = try object.object(field)
        var result: [Language: String] = [:]
        for language in Language.allCases {
            do {
                result[language] = try texts.string(language.rawValue)
            } catch {
                throw FieldError(field: field, message: "\(field): \(error.message)")
            }
        }
        if let stray = texts.fields.keys.sorted().first(where: { Language(rawValue: $0) == nil }) {
            throw FieldError(field: field, message: "\(field) has \"\(stray)\", which is not one of the eight languages")
        }
        return result
    }
}
