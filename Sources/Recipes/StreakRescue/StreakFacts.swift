import Bugle
import Foundation

/// What the streak rules read from the app's state snapshot: the last day played, the streak
/// as of that day, and how far the device's clock is from trusted time.
///
/// The facts are about specific local days, not "today": a rule plans tomorrow's kick-off
/// even when the user played today, because the app refreshes when it is opened, not at
/// every midnight.
public struct StreakFacts: Hashable, Sendable {
    /// State keys.
    public enum Key {
        /// `YYYY-MM-DD`: the local day of the last game.
        public static let lastPlayedDate = "lastPlayedDate"
        /// The streak as of `lastPlayedDate`, that day included.
        public static let streak = "streak"
        /// Seconds: trusted time minus the device's clock.
        public static let clockOffset = "clockOffset"
    }

    /// The local day of the last game.
    public var lastPlayedDate: LocalDate?
    /// The streak as of `lastPlayedDate`, that day included.
    public var streak: Int
    /// Trusted time minus the device's clock, in seconds.
    public var clockOffset: TimeInterval

    /// The facts as the app knows them.
    public init(lastPlayedDate: LocalDate? = nil, streak: Int = 0, clockOffset: TimeInterval = 0) {
        self.lastPlayedDate = lastPlayedDate
        self.streak = streak
        self.clockOffset = clockOffset
    }

    /// Reads the facts from a state snapshot; missing keys read as no game, no streak, no offset.
    public init(_ state: AppState) {
        if case .string(let text)? = state[Key.lastPlayedDate] { lastPlayedDate = TimeParsing.localDate(text) }
        // What the state holds is checked as it is read: a streak is a whole number of days,
        // an offset at most ``StreakRescueApp/largestClockOffset`` either way.
        streak = state[Key.streak]?.number.flatMap { $0.isFinite && $0.magnitude < 1e9 ? Int($0) : nil } ?? 0
        let offset = state[Key.clockOffset]?.number ?? 0
        clockOffset = offset.isNaN ? 0 : min(max(offset, -StreakRescueApp.largestClockOffset), StreakRescueApp.largestClockOffset)
    }

    /// The facts as state values, by key (`nil` removes a key).
    public var stateValues: [String: JSONValue?] {
        [
            Key.lastPlayedDate: lastPlayedDate.map { .string($0.description) },
            Key.streak: .int(streak),
            Key.clockOffset: .double(clockOffset),
        ]
    }

    /// Where a trigger meant for `local` on a trusted clock goes on the device's wall clock:
    /// `clockOffset` earlier, in whole seconds (a device 90 s behind fires at 08:28:30 for 08:30).
    func deviceTime(for local: LocalDateTime) -> LocalDateTime {
        LocalDateTime(localSeconds: local.localSeconds - Int(clockOffset.rounded()))
    }
}
