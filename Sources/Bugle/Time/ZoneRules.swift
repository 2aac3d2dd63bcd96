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
    /// The zone whose offsets these are.
    public let timeZone: TimeZone
    /// Transition instants (seconds since 1970) and the offset in force from each one on.
    private let transitions: [Int]
    private let offsets: [Int]
    private let windowStart: Int
    private let windowEnd: Int

    /// The longest window read at once, about eleven years: a plan looks ten years ahead at
    /// most, and a window of centuries would read thousands of transitions for nothing.
    static let longestWindow: TimeInterval = 4_000 * 86_400

    /// Reads the transitions of `timeZone` between `start` and `end` (or the first
    /// `longestWindow` of it); outside that window, conversions ask `TimeZone` directly.
    ///
    /// - Complexity: O(*t*) where *t* is the number of transitions in the window.
    public init(timeZone: TimeZone, from start: Date, through end: Date) {
        self.timeZone = timeZone
        let lower = Date(timeIntervalSince1970: TimeInterval(start.wholeSecondsSince1970 - 2 * 86_400))
        let upper = min(end.addingTimeInterval(2 * 86_400), lower.addingTimeInterval(Self.longestWindow))
        var transitions = [lower.wholeSecondsSince1970]
        var offsets = [timeZone.secondsFromGMT(for: lower)]
        var cursor = lower
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next <= upper, next > cursor {
            transitions.append(next.wholeSecondsSince1970)
            offsets.append(timeZone.secondsFromGMT(for: next))
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
        self.windowStart = lower.wholeSecondsSince1970
        self.windowEnd = upper.wholeSecondsSince1970
    }

    /// The same rules read for another value of the same zone (the caller's, which may be
    /// the autoupdating current zone).
    fileprivate init(_ rules: ZoneRules, timeZone: TimeZone) {
        self.timeZone = timeZone
        self.transitions = rules.transitions
        self.offsets = rules.offsets
        self.windowStart = rules.windowStart
        self.windowEnd = rules.windowEnd
    }

    /// The rules of `timeZone` for a window from `start` through `end` or wider, read from
    /// `TimeZone` only the first time a zone is asked for with a window of the same
    /// `step` days (32): every plan and every refresh reads its zone's rules, and
    /// reading transitions costs more than a plan's other setup. A wider window gives the same
    /// answers (outside it, `TimeZone` does).
    static func cached(timeZone: TimeZone, from start: Date, through end: Date) -> ZoneRules {
        ZoneRulesCache.shared.rules(for: timeZone, from: start, through: end)
    }

    /// ``init(timeZone:around:)``'s rules, or the same zone's for a wider window, read from
    /// `TimeZone` once a month rather than at every call (see ``cached(timeZone:from:through:)``).
    static func cached(timeZone: TimeZone, around date: Date) -> ZoneRules {
        cached(timeZone: timeZone, from: date.addingTimeInterval(-40 * 86_400), through: date.addingTimeInterval(800 * 86_400))
    }

    /// The same zone with a window of about two years around `date`.
    public init(timeZone: TimeZone, around date: Date) {
        self.init(timeZone: timeZone, from: date.addingTimeInterval(-40 * 86_400), through: date.addingTimeInterval(800 * 86_400))
    }

    /// Whether `date` is inside the window these rules read from `TimeZone`, where conversions
    /// cost a search of the transitions rather than a call into the time-zone database: rules
    /// kept while time passes are read again once it leaves.
    public func covers(_ date: Date) -> Bool {
        let instant = date.wholeSecondsSince1970
        return instant >= windowStart && instant < windowEnd
    }

    /// The zone's offset from UTC, in seconds, at `instant` (seconds since 1970).
    public func offset(atInstant instant: Int) -> Int {
        guard instant >= windowStart, instant < windowEnd else {
            return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        }
        return offsets[transitionIndex(atOrBefore: instant)]
    }

    /// The index of the last transition at or before `instant`, which is inside the window.
    private func transitionIndex(atOrBefore instant: Int) -> Int {
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if transitions[mid] <= instant { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The zone's offset from UTC at `date`.
    public func offset(at date: Date) -> Int { offset(atInstant: date.wholeSecondsSince1970) }

    /// The wall-clock time at `date`.
    public func localDateTime(at date: Date) -> LocalDateTime {
        let instant = date.wholeSecondsSince1970
        return LocalDateTime(localSeconds: instant + offset(atInstant: instant))
    }

    /// The local day at `date`.
    public func localDate(at date: Date) -> LocalDate { localDateTime(at: date).date }

    /// The local day at `date` as days since 1970-01-01, without the calendar date: what
    /// per-day counts are keyed by.
    func dayNumber(at date: Date) -> Int {
        let instant = date.wholeSecondsSince1970
        let local = instant + offset(atInstant: instant)
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    /// The instant a wall clock in this zone shows `local`, with gaps moved forward and
    /// repeated times resolved to their first occurrence.
    public func date(for local: LocalDateTime) -> Date {
        Date(timeIntervalSince1970: TimeInterval(instant(for: local)))
    }

    /// Seconds since 1970 of `local` in this zone (see ``date(for:)``).
    public func instant(for local: LocalDateTime) -> Int { instant(forLocalSeconds: local.localSeconds) }

    /// Seconds since 1970 at which a wall clock in this zone shows `wall` local seconds (see
    /// ``LocalDateTime/localSeconds``), as ``instant(for:)`` resolves it.
    ///
    /// - Complexity: one binary search over the window's transitions when none is within a
    ///   day of `wall`, as for most times; three otherwise.
    func instant(forLocalSeconds wall: Int) -> Int {
        // Offsets are less than a day, so with no transition within a day of `wall` the one
        // offset in force there gives the only instant.
        let low = wall - 86_400
        let high = wall + 86_400
        if low >= windowStart, high < windowEnd {
            let index = transitionIndex(atOrBefore: low)
            if index + 1 == transitions.count || transitions[index + 1] > high { return wall - offsets[index] }
        }
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

/// Recently read zone rules, by zone and whole days of their window.
private final class ZoneRulesCache: @unchecked Sendable {
    static let shared = ZoneRulesCache()

    private struct Key: Hashable {
        var identifier: String
        var firstDay: Int
        var lastDay: Int
    }

    /// Safe to send: `entries` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var entries: [Key: ZoneRules] = [:]
    private static let limit = 16

    /// Windows start and end on multiples of this many days.
    static let step = 32

    /// The multiple of ``step`` at or before `day`.
    private static func stepStart(_ day: Int) -> Int {
        day >= 0 ? day / step * step : (day - (step - 1)) / step * step
    }

    /// The day (since 1970-01-01, UTC) that holds the instant `seconds`.
    private static func day(containing seconds: Int) -> Int {
        seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }

    func rules(for timeZone: TimeZone, from start: Date, through end: Date) -> ZoneRules {
        // The window widened to whole steps, so that a clock that moves a day at a time
        // finds the same window for a month.
        let firstDay = Self.day(containing: start.wholeSecondsSince1970)
        let lastDay = -Self.day(containing: -wholeSeconds(end.timeIntervalSince1970.rounded(.up)))
        let key = Key(identifier: timeZone.identifier, firstDay: Self.stepStart(firstDay), lastDay: -Self.stepStart(-lastDay))
        if let known = lock.withLock({ entries[key] }) { return ZoneRules(known, timeZone: timeZone) }
        let rules = ZoneRules(
            timeZone: timeZone, from: Date(timeIntervalSince1970: TimeInterval(key.firstDay * 86_400)),
            through: Date(timeIntervalSince1970: TimeInterval(key.lastDay * 86_400)))
        lock.withLock {
            if entries.count >= Self.limit { entries.removeAll() }
            entries[key] = rules
        }
        return rules
    }
}

extension TimeZone {
    /// The zone of the IANA time zone database named `name` (`America/New_York`,
    /// `Asia/Kolkata`, `Etc/GMT-14`, `EST`, `UTC`), or `nil` when the system knows no zone
    /// of that name.
    ///
    /// Every name of the system's database is accepted, links included (`Asia/Calcutta`,
    /// `US/Eastern`), unlike `TimeZone.knownTimeZoneIdentifiers`, which leaves out many.
    /// Foundation's own offset spellings (`GMT+5`, `GMT+0530`) are refused: they are not
    /// IANA names, and read the sign the other way from IANA's `Etc/GMT+5` (UTC−5).
    public init?(ianaName name: String) {
        let isOffsetSpelling = (name.hasPrefix("GMT") || name.hasPrefix("UTC")) && name.count > 3 && !["GMT+0", "GMT-0", "GMT0"].contains(name)
        guard !name.isEmpty, name.utf8.count <= 64, !isOffsetSpelling,
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/_+-".unicodeScalars.contains($0)) }),
            let zone = TimeZone(identifier: name)
        else { return nil }
        self = zone
    }
}
