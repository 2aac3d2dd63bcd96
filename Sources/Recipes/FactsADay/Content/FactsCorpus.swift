import Foundation

/// Facts read from a corpus file in the content service's format (`facts/<language>.jsonl`:
/// one JSON object a line with `key`, `title`, `content`, `summary`, `difficulty`,
/// `content_type`, `category`, `tags`, `source_url`, `image_url`), for uses without a
/// server: scenarios and previews.
public enum FactsCorpus {
    /// The facts of `data`, numbered from `firstID` in line order. Blank lines are skipped.
    ///
    /// - Throws: ``FactsError/Code/invalidResponse`` naming the first line that is not a fact.
    public static func facts(jsonLines data: Data, language: FactsLanguage, firstID: Int = 1) throws -> [Fact] {
        struct Line: Decodable {
            var title: String?
            var content: String
            var summary: String?
            var difficulty: String?
            var content_type: String?
            var category: String?
            var tags: [String]?
            var source_url: String?
            var image_url: String?
        }
        var facts: [Fact] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let item: Line
            do {
                item = try JSONDecoder().decode(Line.self, from: Data(line.utf8))
            } catch {
                throw FactsError(.invalidResponse, "line \(index + 1) is not a fact: \(Self.problem(error))")
            }
            let words = item.content.split(whereSeparator: \.isWhitespace).count
            facts.append(
                Fact(
                    id: firstID + facts.count, title: item.title, content: item.content, summary: item.summary, difficulty: item.difficulty,
                    contentType: item.content_type, category: item.category, tags: item.tags ?? [], sourceURL: item.source_url,
                    readingTime: max(1, words / 200), wordCount: words, imageURL: item.image_url, language: language.rawValue))
        }
        return facts
    }

    /// What a decoding error says of a line, in the file's words rather than Foundation's.
    private static func problem(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: "it has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong kind of value"
        default: "it is not a JSON object"
        }
    }
}
