/// What the user does outdoors: the activities picked at onboarding.
public enum Activity: String, Hashable, Sendable, Codable, CaseIterable {
    case swim
    case run
}

/// One way of going out, each scored and notified on its own.
public enum ActivityMode: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case swimSolo = "swim_solo"
    case swimDog = "swim_dog"
    case runSolo = "run_solo"
    case runDog = "run_dog"

    /// The activity of the mode.
    public var activity: Activity {
        switch self {
        case .swimSolo, .swimDog: .swim
        case .runSolo, .runDog: .run
        }
    }

    /// Whether the dog comes along.
    public var withDog: Bool { self == .swimDog || self == .runDog }

    public var description: String { rawValue }
}
