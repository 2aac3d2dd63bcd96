/// A setting the service cannot work with: a database URL it cannot read, a corpus it
/// cannot find.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// What is wrong and what to do instead.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
