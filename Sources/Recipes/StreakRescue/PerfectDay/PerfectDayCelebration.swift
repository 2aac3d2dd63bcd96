import Bugle

/// What the game shows on a perfect day: full-screen confetti, a haptic pattern, and a card
/// to share.
public struct PerfectDayCelebration: Hashable, Sendable {
    /// The day celebrated.
    public var day: PerfectDay
    /// The headline ("Perfect day!").
    public var title: String
    /// The full-screen confetti.
    public var confetti: Confetti
    /// The haptic pattern played with it.
    public var haptic: HapticPattern
    /// The card to share.
    public var shareCard: ShareCard
}

/// A full-screen confetti burst.
public struct Confetti: Hashable, Sendable {
    /// Colors as `#RRGGBB`.
    public var colors: [String]
    /// How many pieces.
    public var particles: Int
    /// Seconds.
    public var duration: Double

    /// A burst of `particles` pieces in `colors`, for `duration` seconds.
    public init(colors: [String], particles: Int, duration: Double) {
        self.colors = colors
        self.particles = particles
        self.duration = duration
    }

    /// The perfect day's burst: pitch green, white, gold.
    public static let perfectDay = Confetti(colors: ["#1B873F", "#FFFFFF", "#F5C518", "#0B3D91"], particles: 160, duration: 3)
}

/// A named haptic pattern, as Core Haptics (AHAP) describes one: transient taps and
/// continuous buzzes at times from its start.
public struct HapticPattern: Hashable, Sendable {
    /// One haptic event.
    public struct Event: Hashable, Sendable {
        /// A tap or a buzz.
        public enum Kind: String, Hashable, Sendable {
            /// A tap.
            case transient
            /// A buzz that lasts `duration`.
            case continuous
        }

        /// A tap or a buzz.
        public var kind: Kind
        /// Seconds from the start of the pattern.
        public var time: Double
        /// 0...1.
        public var intensity: Double
        /// 0...1.
        public var sharpness: Double
        /// Seconds; 0 for a tap.
        public var duration: Double

        /// An event of `kind` at `time`, with its intensity, sharpness and duration.
        public init(_ kind: Kind, time: Double, intensity: Double, sharpness: Double, duration: Double = 0) {
            self.kind = kind
            self.time = time
            self.intensity = intensity
            self.sharpness = sharpness
            self.duration = duration
        }
    }

    /// What the app calls the pattern (its AHAP file name).
    public var name: String
    /// In time order.
    public var events: [Event]

    /// The pattern `name` made of `events`, in time order.
    public init(name: String, events: [Event]) {
        self.name = name
        self.events = events
    }

    /// "Goal!": three quickening kicks, then the crowd's roar.
    public static let goal = HapticPattern(
        name: "goal",
        events: [
            Event(.transient, time: 0, intensity: 0.6, sharpness: 0.5),
            Event(.transient, time: 0.18, intensity: 0.8, sharpness: 0.6),
            Event(.transient, time: 0.3, intensity: 1, sharpness: 0.9),
            Event(.continuous, time: 0.4, intensity: 0.7, sharpness: 0.3, duration: 0.9),
        ])
}
