import Foundation

/// One occurrence of a ``Recurrence`` at an instant.
public struct Occurrence: Hashable, Sendable {
    /// The wall-clock time the recurrence gave; it may not exist in the zone.
    public var local: LocalDateTime
    /// The instant: `local` on the zone's wall clock, a gap moved forward by its length and a
    /// repeated time taking its first occurrence.
    public var date: Date

    /// An occurrence at `date`, given by the wall-clock time `local`.
    public init(local: LocalDateTime, date: Date) {
        self.local = local
        self.date = date
    }
}

extension Recurrence {
    /// The occurrences as instants, in order, strictly after `after` (from the first when
    /// `nil`), reading wall-clock times in `timeZone`: the recurrence's own zone, or for a
    /// floating recurrence the zone the device is in.
    ///
    /// - Complexity: As ``localOccurrences(after:)``; the zone's transitions are read a few
    ///   years at a time as the sequence goes.
    public func occurrences(after: Date? = nil, in timeZone: TimeZone) -> Occurrences {
        let reference = after ?? Date(timeIntervalSince1970: TimeInterval(start.localSeconds))
        return Occurrences(
            self, after: after, through: nil, zone: Occurrences.window(timeZone, at: reference.wholeSecondsSince1970, seconds: Occurrences.firstWindowSeconds),
            ownsZone: true)
    }

    /// The same as `occurrences(after:in:)` with a `TimeZone`, with zone rules already read,
    /// such as a ``PlanningContext``'s. Outside their window the rules ask `TimeZone`.
    public func occurrences(after: Date? = nil, in zone: ZoneRules) -> Occurrences {
        Occurrences(self, after: after, through: nil, zone: zone, ownsZone: false)
    }

    /// The first occurrence strictly after `after`.
    ///
    /// - Complexity: O(1) periods of the rule without COUNT, however far `after` is from the
    ///   start (see ``localOccurrences(after:)``).
    public func next(after: Date, in timeZone: TimeZone) -> Occurrence? {
        var iterator = occurrences(after: after, in: timeZone)
        return iterator.next()
    }

    /// The occurrences from `from` through `through`, both inclusive.
    ///
    /// - Complexity: O(*n*) for *n* occurrences in the range, after the start of
    ///   `occurrences(after:in:)`.
    public func occurrences(from: Date, through: Date, in timeZone: TimeZone) -> [Occurrence] {
        let from = -wholeSeconds(-from.timeIntervalSince1970)
        let through = through.wholeSecondsSince1970
        return Array(
            Occurrences(
                self, after: Date(timeIntervalSince1970: TimeInterval(from - 1)), through: through,
                zone: Occurrences.window(timeZone, at: from, seconds: Occurrences.firstWindowSeconds), ownsZone: true))
    }

    /// The first `count` occurrences.
    public func first(_ count: Int, in timeZone: TimeZone) -> [Occurrence] {
        Array(occurrences(in: timeZone).prefix(max(count, 0)))
    }
}

/// The occurrences of a ``Recurrence`` as instants, lazily and in order.
///
/// Wall-clock times inside a daylight-saving gap move forward by the gap, which can carry
/// them past later times of the same rule (an HOURLY rule at 02:30 and 03:00 on a
/// spring-forward night): the sequence holds them back until their turn, and gives an
/// instant that two wall-clock times share once.
public struct Occurrences: Sequence, IteratorProtocol {
    private var walk: Recurrence.Walk
    private var zone: ZoneRules
    private let ownsZone: Bool
    private var windowEnd: Int
    private let after: Int
    private let through: Int
    /// The rule's UTC `UNTIL`, compared exactly here; the walk stops a day later.
    private let until: Int?
    private let extraDates: Set<Int>
    /// Gap-shifted occurrences waiting for their turn, ascending by instant.
    private var pending: [(instant: Int, local: Int)] = []
    private var ready: [(instant: Int, local: Int)] = []
    private var readyIndex = 0
    private var exhausted = false
    private var lastInstant = Int.min

    /// The transitions read first: enough for a next-occurrence query on most rules.
    static let firstWindowSeconds = 62 * 86_400
    /// The transitions read at a time after the first window: a few years.
    private static let windowSeconds = 4 * 366 * 86_400

    static func window(_ timeZone: TimeZone, at instant: Int, seconds: Int) -> ZoneRules {
        ZoneRules(
            timeZone: timeZone, from: Date(timeIntervalSince1970: TimeInterval(instant)), through: Date(timeIntervalSince1970: TimeInterval(instant + seconds)))
    }

    init(_ recurrence: Recurrence, after: Date?, through: Int?, zone: ZoneRules, ownsZone: Bool) {
        self.zone = zone
        self.ownsZone = ownsZone
        let afterSeconds = after.map { $0.wholeSecondsSince1970 }
        self.after = afterSeconds ?? Int.min
        self.through = through ?? Int.max
        windowEnd = (afterSeconds ?? recurrence.start.localSeconds) + Self.firstWindowSeconds
        if case .instant(let date) = recurrence.rule?.until {
            until = date.wholeSecondsSince1970
        } else {
            until = nil
        }
        extraDates = Set(recurrence.dates.map(\.localSeconds))
        // A wall-clock time L fires at L minus the offset there, so none before `after` plus
        // the lowest offset nearby can fire after `after`: the walk starts there (an hour
        // earlier still, for safety), not a whole day before, which for a rule that fires
        // every second would be 86,400 occurrences to pass over at each start.
        let localFrom = afterSeconds.map { after in
            after - 3_600 + Swift.min(zone.offset(atInstant: after - 86_400), zone.offset(atInstant: after), zone.offset(atInstant: after + 86_400))
        }
        let localThrough = through.map { $0 + zone.offset(atInstant: $0) + 86_400 }
        walk = Recurrence.Walk(recurrence, from: localFrom, through: localThrough, zone: zone)
    }

    /// The next occurrence, or `nil` after the last.
    public mutating func next() -> Occurrence? {
        while true {
            if readyIndex < ready.count {
                let item = ready[readyIndex]
                readyIndex += 1
                if let occurrence = emit(item.instant, item.local) { return occurrence }
                continue
            }
            if exhausted {
                if pending.isEmpty { return nil }
                ready = pending
                readyIndex = 0
                pending = []
                continue
            }
            guard let local = walk.next() else {
                exhausted = true
                continue
            }
            if ownsZone, local > windowEnd {
                zone = Self.window(zone.timeZone, at: local - 2 * 86_400, seconds: Self.windowSeconds)
                windowEnd = local - 2 * 86_400 + Self.windowSeconds
            }
            let instant = zone.instant(for: LocalDateTime(localSeconds: local))
            if instant + zone.offset(atInstant: instant) != local {
                // In a gap: later wall-clock times may still come before it.
                if !pending.contains(where: { $0.instant == instant }) {
                    let index = pending.firstIndex { $0.instant > instant } ?? pending.count
                    pending.insert((instant, local), at: index)
                }
                continue
            }
            if pending.isEmpty {
                if let occurrence = emit(instant, local) { return occurrence }
                continue
            }
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
            while let first = pending.first, first.instant <= instant {
                if first.instant < instant { ready.append(first) }
                pending.removeFirst()
            }
            ready.append((instant, local))
        }
    }

    private mutating func emit(_ instant: Int, _ local: Int) -> Occurrence? {
        if instant > through {
            exhausted = true
            pending.removeAll()
            ready.removeAll()
            return nil
        }
        guard instant > after, instant > lastInstant else { return nil }
        if let until, instant > until, !extraDates.contains(local) { return nil }
        lastInstant = instant
        return Occurrence(local: LocalDateTime(localSeconds: local), date: Date(timeIntervalSince1970: TimeInterval(instant)))
    }
}
