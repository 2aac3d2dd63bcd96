/// A corpus file that cannot be imported: missing, not JSON, or with an entry that breaks
/// the corpus format. It names the file, the entry or line, and what was expected.
public struct CorpusError: Error, CustomStringConvertible, Sendable {
    /// The file, and the line or entry when one is at fault: `Corpus/facts/en.jsonl:12`.
    public let location: String
    /// What is wrong.
    public let message: String

    init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}
