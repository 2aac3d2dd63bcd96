import HTTPTypes

/// The endpoints of the API, with the method each takes.
enum Endpoint: CaseIterable, Sendable {
    case registerDevice
    case metadata
    case facts

    var method: HTTPRequest.Method {
        switch self {
        case .registerDevice: .post
        case .metadata, .facts: .get
        }
    }

    var path: String {
        switch self {
        case .registerDevice: "/api/devices/register"
        case .metadata: "/api/metadata"
        case .facts: "/api/facts"
        }
    }

    /// Whether `path` is this endpoint's, with or without a trailing slash.
    func matches(_ path: String) -> Bool {
        Self.trimmed(path) == self.path
    }

    private static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The methods some endpoint at `path` takes (a GET also answers HEAD); empty when
    /// no endpoint is there.
    static func methods(at path: String) -> [HTTPRequest.Method] {
        allCases.filter { $0.matches(path) }.flatMap { $0.method == .get ? [.get, .head] : [$0.method] }
    }
}
