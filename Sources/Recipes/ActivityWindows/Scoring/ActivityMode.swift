/// What the user does outdoors: the activities picked at onboarding.
public enum Activity: String, Hashable, Sendable, Codable, CaseIterable {
    /// Swimming in the sea.
    case swim
    /// Running outdoors.
    case run
}

/// One way of going out, each scored and notified on its own.
public enum ActivityMode: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// `swim_solo`: swimming alone.
    case swimSolo = "swim_solo"
    /// `swim_dog`: swimming with the dog.
    case swimDog = "swim_dog"
    /// `run_solo`: running alone.
    case runSolo = "run_solo"
    /// `run_dog`: running with the dog.
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
