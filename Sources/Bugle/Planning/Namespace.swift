/// The id prefix that marks a pending request as Bugle's.
///
/// Reconcile only ever removes requests whose id starts with the prefix, so notifications
/// that other code in the app schedules are never touched.
public struct Namespace: Hashable, Sendable, CustomStringConvertible {
    public var prefix: String

    public init(_ prefix: String = "bugle.") { self.prefix = prefix }

    /// The center's id for a candidate.
    public func requestID(for candidateID: String) -> String { prefix + candidateID }

    /// Whether `requestID` is in this namespace.
    public func owns(_ requestID: String) -> Bool { requestID.hasPrefix(prefix) }

    /// The candidate id inside `requestID`, when the namespace owns it.
    public func candidateID(from requestID: String) -> String? {
        owns(requestID) ? String(requestID.dropFirst(prefix.count)) : nil
    }

    public var description: String { prefix }
}
