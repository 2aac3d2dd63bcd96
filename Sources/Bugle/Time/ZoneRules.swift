import Foundation

/// The offsets of one time zone, and the conversions between wall-clock times and instants.
///
/// A wall-clock time that does not exist (02:30 on a spring-forward day) moves forward by
/// the length of the gap (03:30), as RFC 5545 §3.3.5 reads; a wall-clock time that occurs
/// twice (01:30 on a fall-back day) resolves to its first occurrence.
///
/// The transitions inside a window are read from `TimeZone` once, so each conversion is a
/// binary search instead of a call into the time-zone database.
public struct ZoneRules: Sendable {
    public let timeZone: TimeZone
    /// Transition instants (seconds since 1970) and the offset in force from each one on.
    private let transitions: [Int]
    private let offsets: [Int]
    private let windowStart: Int
    private let windowEnd: Int

    /// Reads the transitions of `timeZone` between `start` and `end`; outside that window,
    /// conversions ask `TimeZone` directly.
    ///
    /// - Complexity: O(*t*) where *t* is the number of transitions in the window.
    public init(timeZone: TimeZone, from start: Date, through end: Date) {
        self.timeZone = timeZone
        let lower = start.addingTimeInterval(-2 * 86_400)
        let upper = end.addingTimeInterval(2 * 86_400)
        var transitions = [Int(lower.timeIntervalSince1970)]
        var offsets = [timeZone.secondsFromGMT(for: lower)]
        var cursor = lower
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next <= upper, next > cursor {
            transitions.append(Int(next.timeIntervalSince1970.rounded(.down)))
            offsets.append(timeZone.secondsFromGMT(for: next))
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
        self.windowStart = Int(lower.timeIntervalSince1970)
        self.windowEnd = Int(upper.timeIntervalSince1970)
    }

    /// The same zone with a window of about two years around `date`.
    public init(timeZone: TimeZone, around date: Date) {
        self.init(timeZone: timeZone, from: date.addingTimeInterval(-40 * 86_400), through: date.addingTimeInterval(800 * 86_400))
    }

    /// The zone's offset from UTC, in seconds, at `instant` (seconds since 1970).
    public func offset(atInstant instant: Int) -> Int {
        guard instant >= windowStart, instant < windowEnd else {
            return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
        // The last transition at or before `instant`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if transitions[mid] <= instant { low = mid } else { high = mid - 1 }
        }
        return offsets[low]
    }

    /// The zone's offset from UTC at `date`.
    public func offset(at date: Date) -> Int { offset(atInstant: Int(date.timeIntervalSince1970.rounded(.down))) }

    /// The wall-clock time at `date`.
    public func localDateTime(at date: Date) -> LocalDateTime {
        let instant = Int(date.timeIntervalSince1970.rounded(.down))
        return LocalDateTime(localSeconds: instant + offset(atInstant: instant))
    }

    /// The local day at `date`.
    public func localDate(at date: Date) -> LocalDate { localDateTime(at: date).date }

    /// The local day at `date` as days since 1970-01-01, without the calendar date: what
    /// per-day counts are keyed by.
    func dayNumber(at date: Date) -> Int {
        let instant = Int(date.timeIntervalSince1970.rounded(.down))
        let local = instant + offset(atInstant: instant)
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// The instant a wall clock in this zone shows `local`, with gaps moved forward and
    /// repeated times resolved to their first occurrence.
    public func date(for local: LocalDateTime) -> Date {
        Date(timeIntervalSince1970: TimeInterval(instant(for: local)))
    }

    /// Seconds since 1970 of `local` in this zone (see ``date(for:)``).
    public func instant(for local: LocalDateTime) -> Int {
        let wall = local.localSeconds
        let before = offset(atInstant: wall - 86_400)
        let after = offset(atInstant: wall + 86_400)
        let early = wall - before
        if before == after {
            // No transition near: one answer unless the zone moved twice in two days.
            if offset(atInstant: early) == before { return early }
        }
        let late = wall - after
        let earlyValid = offset(atInstant: early) == before
        let lateValid = offset(atInstant: late) == after
        switch (earlyValid, lateValid) {
        case (true, true): return min(early, late)  // repeated: the first occurrence
        case (true, false): return early
        case (false, true): return late
        case (false, false): return early  // a gap: the offset before it moves the time forward by the gap
        }
    }

    /// The instant at which the local day `date` begins (its first existing moment).
    public func startOfDay(_ date: LocalDate) -> Date { self.date(for: LocalDateTime(date: date, time: .midnight)) }

    /// Whether `local` falls in a gap (does not exist on the wall clock).
    public func isSkipped(_ local: LocalDateTime) -> Bool {
        localDateTime(at: date(for: local)) != local
    }
}
