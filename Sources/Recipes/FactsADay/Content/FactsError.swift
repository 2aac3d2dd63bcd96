/// What went wrong in the app's content, download or scheduling.
public struct FactsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// No connection, a timeout, or a server error: worth retrying.
        case network
        /// The service refused the request (a 4xx): retrying the same request will not help.
        case rejected
        /// The service answered with something that is not the contract's JSON.
        case invalidResponse
        /// SQLite failed; the transaction was rolled back.
        case storage
        /// The notification center did not take every request.
        case scheduling
        /// There are no facts to schedule.
        case noFacts
    }

    /// The kind of failure.
    public var code: Code
    /// What happened, for a log.
    public var message: String
    /// The service's own error code (`invalid_device_key`), when it sent one.
    public var serviceCode: String?

    /// A failure of kind `code`.
    public init(_ code: Code, _ message: String, serviceCode: String? = nil) {
        self.code = code
        self.message = message
        self.serviceCode = serviceCode
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
