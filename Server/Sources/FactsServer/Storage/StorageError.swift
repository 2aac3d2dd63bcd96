/// A failure of the database: it could not be opened, a statement failed, or a row did
/// not have the shape the schema promises.
public struct StorageError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in words.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { "database: \(message)" }
}
