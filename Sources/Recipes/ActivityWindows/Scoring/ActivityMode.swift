/// What the user does outdoors: the activities picked at onboarding.
public enum Activity: String, Hashable, Sendable, Codable, CaseIterable {
    case swim
    case run
}

/// One way of going out, each scored and notified on its own.
public enum ActivityMode: String, Hashable, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
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

    /// The mode with `activity`, with or without the dog.
    public init(activity: Activity, withDog: Bool) {
        switch (activity, withDog) {
        case (.swim, false): self = .swimSolo
        case (.swim, true): self = .swimDog
        case (.run, false): self = .runSolo
        case (.run, true): self = .runDog
        }
    }

    public static func < (lhs: ActivityMode, rhs: ActivityMode) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    public var description: String { rawValue }
}
