import Bugle
import Foundation

/// The words of every notification: the seed's templates per mode and context.
///
/// Times are `HH:MM` on the device's clock; `{dog_name}` is the profile's dog or "your
/// dog", with a capital at the start of a sentence ("Your dog approved."); `{top_reason}` the window's highest-magnitude positive chip. Where a template names
/// a part of the day ("Tomorrow morning", "if morning doesn't work", "Afternoon backup"), it
/// is the part of the day of the window it speaks of: morning before 12:00, afternoon
/// before 18:00, evening after.
public struct Templates: Sendable {
    /// The dog's name as templates use it: the profile's, or "your dog" (``UserProfile/dogName``).
    public var dogName: String
    /// The device's zone rules, for the `HH:MM` times and the part of the day.
    public var zone: ZoneRules

    /// Words for a user whose dog is `dogName`, with times on `zone`'s wall clock.
    public init(dogName: String, zone: ZoneRules) {
        self.dogName = dogName
        self.zone = zone
    }

    /// The title of every notification of `mode`.
    public func title(_ mode: ActivityMode) -> String {
        switch mode {
        case .swimSolo: "Swim window"
        case .swimDog: "Swim with \(dogName)"
        case .runSolo: "Run window"
        case .runDog: "Run with \(dogName)"
        }
    }

    /// The body of `notification`.
    public func body(_ notification: PlannedNotification) -> String {
        let mode = notification.mode
        switch notification.kind {
        case .best(let best, let bundled):
            let first = best.average >= 85 ? perfect(mode, best) : good(mode, best)
            guard let bundled else { return first }
            return first + " " + backup(mode, bundled, best: best)
        case .backup(let window, let best):
            return backup(mode, window, best: best)
        case .tomorrow(let window):
            return tomorrow(mode, window)
        case .heatWarning:
            return "No good run windows for \(dogName) today. Too warm."
        }
    }

    /// "Perfect window" (85+).
    func perfect(_ mode: ActivityMode, _ window: ActivityWindow) -> String {
        let span = self.span(window)
        switch mode {
        case .swimSolo: return "The sea is calling. \(span) looks perfect."
        case .swimDog: return "\(sentenceDogName) approved. \(span) — calm waves, good temps."
        case .runSolo: return "Lace up. \(span) is perfect — cool, calm, clean air."
        case .runDog:
            let part = partOfDay(window)
            return part == "morning"
                ? "Morning run with \(dogName)? \(span) before the heat kicks in."
                : "\(part.capitalized) run with \(dogName)? \(span) once the heat eases."
        }
    }

    /// "Good window" (70+), with the top reason (two for runs, as the seed's run templates show).
    func good(_ mode: ActivityMode, _ window: ActivityWindow) -> String {
        let span = self.span(window)
        switch mode {
        case .swimSolo: return "Best time: \(span). \(window.topReason)."
        case .swimDog: return "\(span) looks good for a swim with \(dogName). \(window.topReason)."
        case .runSolo: return "\(span). \(reasons(window, joinedBy: " + "))."
        case .runDog: return "\(span) is safe for \(dogName). \(reasons(window, joinedBy: ", "))."
        }
    }

    /// "Backup window": a second window, after the best one.
    func backup(_ mode: ActivityMode, _ window: ActivityWindow, best: ActivityWindow) -> String {
        let span = self.span(window)
        switch mode {
        case .swimSolo, .runSolo: return "Backup plan: \(span) if \(partOfDay(best)) doesn't work."
        case .swimDog: return "\(partOfDay(window).capitalized) backup: \(span) works for \(dogName) too."
        case .runDog: return "Backup option: \(span). Still comfortable for paws."
        }
    }

    /// "Tomorrow heads-up".
    func tomorrow(_ mode: ActivityMode, _ window: ActivityWindow) -> String {
        let span = self.span(window)
        let part = partOfDay(window)
        switch mode {
        case .swimSolo: return "Tomorrow \(part) looks good for a swim. \(span)."
        case .swimDog: return "Tomorrow's looking good for \(dogName). \(part.capitalized) swim, calm sea."
        case .runSolo: return "Tomorrow \(part) looks solid for a run. \(span)."
        case .runDog: return "\(sentenceDogName) would approve of tomorrow \(part). \(span)."
        }
    }

    /// The dog's name where it starts a sentence: its first letter a capital, so that the
    /// fallback reads "Your dog approved." and a name typed in lower case reads as a name.
    var sentenceDogName: String { dogName.prefix(1).uppercased() + dogName.dropFirst() }

    /// `07:00-09:00` on the device's clock.
    public func span(_ window: ActivityWindow) -> String {
        "\(zone.localDateTime(at: window.start).time)-\(zone.localDateTime(at: window.end).time)"
    }

    /// morning (before 12:00), afternoon (before 18:00) or evening.
    public func partOfDay(_ window: ActivityWindow) -> String {
        let hour = zone.localDateTime(at: window.start).time.hour
        return hour < 12 ? "morning" : hour < 18 ? "afternoon" : "evening"
    }

    /// The top two reasons, the first as is and the second in lower case ("Cooler temps + lower UV").
    func reasons(_ window: ActivityWindow, joinedBy separator: String) -> String {
        let texts = window.reasons.prefix(2).map(\.text)
        guard let first = texts.first else { return window.topReason }
        return ([first] + texts.dropFirst().map { $0.prefix(1).lowercased() + $0.dropFirst() }).joined(separator: separator)
    }
}
