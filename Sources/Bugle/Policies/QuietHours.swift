import Foundation

/// Hours in which notifications are held back, on the device's wall clock.
///
/// The window may wrap midnight (22:00–07:00). What happens inside it is the mode:
/// drop (`suppress`), move to the window's end (`defer`), or deliver without sound or
/// banner (`quiet`, as a passive notification). A group may have its own mode or be exempt.
public struct QuietHours: Policy, Hashable {
    /// What happens to a notification that falls inside the window.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// Drop it.
        case suppress
        /// Move it to the end of the window (07:00 for 22:00–07:00); it is dropped instead when that
        /// would outlast its ``Candidate/relevance``.
        case `defer`
        /// Keep its time, but deliver it passive and without sound: no banner, no sound.
        case quiet
    }

    /// What one group does instead of the default mode.
    public enum Override: Hashable, Sendable {
        /// The group's notifications follow this mode instead of the window's.
        case mode(Mode)
        /// The group's notifications are never held back.
        case exempt
    }

    /// When the window starts on the wall clock, included.
    public var start: LocalTime
    /// When it ends, excluded: earlier than `start` for a window that wraps midnight
    /// (22:00–07:00). Equal to `start`, the window is empty.
    public var end: LocalTime
    /// What happens inside the window, unless a group's override says otherwise; `.suppress` by default.
    public var mode: Mode
    /// What each group named does instead of `mode` (`["alarms": .exempt]`).
    public var overrides: [String: Override]

    /// Quiet hours from `start` to `end` on the device's wall clock.
    public init(start: LocalTime, end: LocalTime, mode: Mode = .suppress, overrides: [String: Override] = [:]) {
        self.start = start
        self.end = end
        self.mode = mode
        self.overrides = overrides
    }

    /// Whether `time` is inside the window.
    public func contains(_ time: LocalTime) -> Bool {
        if start == end { return false }
        if start < end { return time >= start && time < end }
        return time >= start || time < end
    }

    /// The end of the window that contains `local`.
    public func windowEnd(containing local: LocalDateTime) -> LocalDateTime {
        let day = (start > end && local.time >= start) ? local.date.adding(days: 1) : local.date
        return LocalDateTime(date: day, time: end)
    }

    /// Keeps a candidate whose local time is outside the window; inside, suppresses, defers or
    /// quiets it by its group's override or `mode`.
    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        // The time of day alone says whether it is inside: the calendar date is worked out
        // only for a candidate that is.
        let instant = candidate.fireDate.wholeSecondsSince1970
        let localSeconds = instant + context.zone.offset(atInstant: instant)
        let secondOfDay = localSeconds - (localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400) * 86_400
        guard contains(LocalTime(secondOfDay: secondOfDay)) else { return .keep(candidate) }
        let local = LocalDateTime(localSeconds: localSeconds)
        var mode = self.mode
        if let group = candidate.group, let override = overrides[group] {
            switch override {
            case .exempt: return .keep(candidate)
            case .mode(let groupMode): mode = groupMode
            }
        }
        // The sentences are written only when a report is read: a plan defers or drops many
        // candidates whose explanation nobody looks at.
        let (time, start, end) = (local.time, self.start, self.end)
        switch mode {
        case .suppress:
            // The rest of the window is closed to this group too.
            return .dropUntil(
                .quietHours, detail: Explanation { "\(time) is inside quiet hours \(start)–\(end)" },
                until: context.zone.date(for: windowEnd(containing: local)))
        case .defer:
            let target = windowEnd(containing: local)
            let date: Date
            let fireTime: FireTime
            switch candidate.fireTime {
            case .wallClock:
                date = context.zone.date(for: target)
                fireTime = .wallClock(target)
            case .zoned(let zoned):
                date = context.zone.date(for: target)
                fireTime = .zoned(ZonedInstant(date: date, timeZone: zoned.timeZone))
            }
            let targetTime = target.time
            if let relevance = candidate.relevance, date.timeIntervalSince(candidate.fireDate) > relevance {
                return .drop(
                    .quietHours,
                    detail: Explanation {
                        "deferring past quiet hours \(start)–\(end) to \(targetTime) would outlast its relevance of \(describe(relevance))"
                    })
            }
            return .move(
                to: fireTime, date: date, reason: .quietHours,
                detail: Explanation {
                    "deferred from \(time) to \(targetTime), the end of quiet hours \(start)–\(end)"
                })
        case .quiet:
            var quiet = candidate
            quiet.content.interruptionLevel = .passive
            quiet.content.sound = nil
            quiet.adjustments.append(
                Adjustment(
                    policy: .quietHours,
                    explanation: Explanation {
                        "delivered quietly at \(time), inside quiet hours \(start)–\(end)"
                    }))
            return .keep(quiet)
        }
    }

    /// "quiet hours 22:00–07:00 (defer; group alarms exempt)".
    public var summary: String {
        let groups = overrides.sorted { $0.key < $1.key }.map { name, override in
            switch override {
            case .exempt: "group \(name) exempt"
            case .mode(let mode): "group \(name) \(mode.rawValue)"
            }
        }
        return "quiet hours \(start)–\(end) (\(([mode.rawValue] + groups).joined(separator: "; ")))"
    }

    /// Whether the window, or a group's override, defers.
    public var movesCandidates: Bool {
        mode == .defer || overrides.values.contains(.mode(.defer))
    }
}
