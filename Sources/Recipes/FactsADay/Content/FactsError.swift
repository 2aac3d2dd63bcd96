/// What went wrong in the app's content, download or scheduling.
public struct FactsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Hashable, Sendable {
        /// The server could not be reached: the connection was refused, the name did not
        /// resolve, there is no route, or the secure connection failed. Worth retrying; the
        /// only failure for which the app says "Check your internet connection".
        case network
        /// The server did not answer, or did not finish answering, in time
        /// (``NetworkLimits``, ``RetryPolicy/budget``). Worth retrying within the budget.
        case timeout
        /// The server failed: it answered a 5xx, or closed the connection without an answer.
        /// Worth retrying.
        case serverError
        /// The service refused the request (a 4xx): retrying the same request will not help.
        case rejected
        /// The server is not the content service: it does not speak HTTP, or its answer is
        /// not the contract's JSON. Not retried.
        case invalidResponse
        /// The answer's body was larger than ``NetworkLimits/maximumBodySize``. Not retried.
        case tooLarge
        /// A limit or policy was given a value outside its range.
        case invalidConfiguration
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

extension FactsError.Code {
    /// Whether the same request may succeed if tried again: a connection failure, a timeout
    /// or a server failure, but not a refusal or an answer from something that is not the
    /// content service.
    public var isRetryable: Bool {
        switch self {
        case .network, .timeout, .serverError: true
        case .rejected, .invalidResponse, .tooLarge, .invalidConfiguration, .storage, .scheduling, .noFacts: false
        }
    }
}
