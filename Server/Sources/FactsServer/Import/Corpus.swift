import Foundation

/// A corpus folder read and checked in full, before anything of it is written:
///
/// ```
/// categories.json         an array of categories
/// content_types.json      an array of content types
/// facts/<language>.jsonl  one fact per line, for each language that has facts
/// ```
struct Corpus: Sendable {
    /// The facts of one language, with the file they came from.
    struct FactFile: Sendable {
        let language: Language
        /// The file's path, for error messages.
        let path: String
        /// Each fact with its line number.
        let facts: [(line: Int, fact: CorpusFact)]
    }

    let categories: [CorpusCategory]
    let contentTypes: [CorpusContentType]
    /// In the order of their languages' codes.
    let factFiles: [FactFile]

    /// Reads the corpus in `folder`, or throws the first mistake found, with its file and line.
    static func read(from folder: URL) throws(CorpusError) -> Corpus {
        let categoriesPath = folder.appendingPathComponent("categories.json").path
        let categories = try readArray(at: categoriesPath, CorpusCategory.init)
        try requireUniqueSlugs(categories.map(\.slug), in: categoriesPath)

        let contentTypesPath = folder.appendingPathComponent("content_types.json").path
        let contentTypes = try readArray(at: contentTypesPath, CorpusContentType.init)
        try requireUniqueSlugs(contentTypes.map(\.slug), in: contentTypesPath)

        let factsFolder = folder.appendingPathComponent("facts")
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: factsFolder.path)
        } catch {
            throw CorpusError(factsFolder.path, "no facts folder: expected facts/<language>.jsonl files")
        }
        var factFiles: [FactFile] = []
        for name in names.filter({ $0.hasSuffix(".jsonl") }).sorted() {
            let path = factsFolder.appendingPathComponent(name).path
            let code = String(name.dropLast(".jsonl".count))
            guard let language = Language(rawValue: code) else {
                let codes = Language.allCases.map(\.rawValue).joined(separator: ", ")
                throw CorpusError(path, "\(code) is not a language of the service: name facts files after one of \(codes)")
            }
            factFiles.append(FactFile(language: language, path: path, facts: try readLines(at: path)))
        }
        guard !factFiles.isEmpty else {
            throw CorpusError(factsFolder.path, "no facts: expected facts/<language>.jsonl files")
        }
        return Corpus(categories: categories, contentTypes: contentTypes, factFiles: factFiles)
    }

    private static func contents(of path: String) throws(CorpusError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CorpusError(path, "missing or unreadable")
        }
        return data
    }

    /// A JSON array of objects, each read by `entry`; mistakes name the entry from 1.
    private static func readArray<Entry>(
        at path: String,
        _ entry: (JSONObject) throws(FieldError) -> Entry
    ) throws(CorpusError) -> [Entry] {
        let data = try contents(of: path)
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            throw CorpusError(path, "not JSON: \(error.reason)")
        }
        guard case .array(let elements) = value else {
            throw CorpusError(path, "expected an array, found \(value.kind)")
        }
        var entries: [Entry] = []
        for (index, element) in elements.enumerated() {
            do {
                entries.append(try entry(try JSONObject(element, field: "entry")))
            } catch {
                throw CorpusError("\(path), entry \(index + 1)", error.message)
            }
        }
        return entries
    }

    /// One JSON object per line; blank lines are skipped, mistakes name the line from 1.
    private static func readLines(at path: String) throws(CorpusError) -> [(line: Int, fact: CorpusFact)] {
        let data = try contents(of: path)
        guard let text = String(data: data, encoding: .utf8) else {
            throw CorpusError(path, "not UTF-8 text")
        }
        var facts: [(line: Int, fact: CorpusFact)] = []
        var lineOfKey: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let value: JSONValue
            do {
                value = try JSONValue.parse(Data(line.utf8))
            } catch {
                throw CorpusError("\(path):\(number)", "not JSON: \(error.reason)")
            }
            let fact: CorpusFact
            do {
                fact = try CorpusFact(try JSONObject(value, field: "line"))
            } catch {
                throw CorpusError("\(path):\(number)", error.message)
            }
            if let first = lineOfKey[fact.key] {
                throw CorpusError("\(path):\(number)", "key \(fact.key) is already on line \(first)")
            }
            lineOfKey[fact.key] = number
            facts.append((number, fact))
        }
        return facts
    }

    private static func requireUniqueSlugs(_ slugs: [String], in path: String) throws(CorpusError) {
        var seen: Set<String> = []
        for (index, slug) in slugs.enumerated() where !seen.insert(slug).inserted {
            throw CorpusError("\(path), entry \(index + 1)", "slug \(slug) is already used by an earlier entry")
        }
    }
}
