import Bugle
import Foundation

/// A readable day-by-day timeline in the device's local time, then a summary.
public enum TextReport {
    private enum Kind: Int {
        case app = 0
        case delivery
        case drop
    }

    private struct Line {
        var at: Date
        var zone: String
        var kind: Kind
        var text: String
        /// Its place among the lines written, which orders lines of the same moment and kind
        /// as they were given (the app's events in the order they happened).
        var index = 0
    }

    /// The report: a header, then each local day from the start to the end (in the zone the
    /// device was in) with what the app did, what was shown, dropped or missed, in time order,
    /// then a summary of the counts, the center calls, the peak pending and the coverage.
    public static func render(_ result: SimulationResult) -> String {
        var zones = ZoneFormatter(around: result.start)
        var out = ""
        let startLocal = zones.local(result.start, result.timeZone)
        let days = zones.rules(result.timeZone).localDate(at: result.start).days(to: zones.rules(result.timeZone).localDate(at: result.end))
        out += "\(TerminalText.escaped(result.name))\n"
        out += "  \(result.timeZone) · from \(startLocal.date.weekday.shortName) \(startLocal.date) \(startLocal.time) for \(days) days · "
        out += platformText(result) + "\n"

        let width = max(8, (result.deliveries.map(\.rule.count) + result.dropped.map(\.rule.count)).max() ?? 0)
        var lines: [Line] = []
        for event in result.appEvents {
            lines.append(Line(at: event.at, zone: event.timeZone, kind: .app, text: "· \(event.text)"))
        }
        // Where a plan limited by the budget ran out before the app refreshed again.
        for (index, refresh) in result.refreshes.enumerated() where refresh.limit == Coverage.Limit.budget.rawValue {
            let next = index + 1 < result.refreshes.count ? result.refreshes[index + 1].at : result.end
            guard let horizon = refresh.horizon, horizon < next else { continue }
            let zone = result.zoneChanges.last(where: { $0.at <= horizon })?.to ?? result.timeZone
            let made = zones.local(refresh.at, zone)
            lines.append(
                Line(
                    at: horizon, zone: zone, kind: .app,
                    text: "· the plan made \(made.date) \(made.time) runs out here: all \(refresh.planned) slots were used"))
        }
        for delivery in result.deliveries {
            var text = "\(padRight(delivery.rule, width))  \(delivery.title)"
            if let subtitle = delivery.subtitle { text += " (\(subtitle))" }
            if !delivery.body.isEmpty { text += ": \(delivery.body)" }
            if delivery.interruptionLevel != InterruptionLevel.active.rawValue { text += "  [\(delivery.interruptionLevel)]" }
            for adjustment in delivery.adjustments { text += "  (\(adjustment))" }
            if let android = delivery.android { text += "  " + androidNote(android) }
            lines.append(Line(at: delivery.at, zone: delivery.timeZone, kind: .delivery, text: text))
        }
        for drop in result.dropped {
            lines.append(
                Line(
                    at: drop.at, zone: drop.timeZone, kind: .drop,
                    text: "\(padRight(drop.rule, width))  ✗ \(drop.title): dropped (\(drop.reason)) \(drop.detail)"))
        }
        for missed in result.missed {
            lines.append(
                Line(
                    at: missed.at, zone: missed.timeZone, kind: .drop,
                    text:
                        "\(padRight(missed.rule, width))  ✗ \(missed.title): missed, its wall-clock time \(missed.fireTime.replacingOccurrences(of: " (wall clock)", with: "")) had already passed in \(missed.timeZone)"
                ))
        }
        for shown in result.notShown {
            lines.append(
                Line(
                    at: shown.at, zone: shown.timeZone, kind: .drop,
                    text: "\(padRight(shown.rule, width))  ✗ \(shown.title): \(notShownText(shown))"))
        }
        for index in lines.indices { lines[index].index = index }
        lines.sort { ($0.at, $0.kind.rawValue, $0.index) < ($1.at, $1.kind.rawValue, $1.index) }

        // Every local day from the start to the end, in the zone the device was in.
        var byDay: [LocalDate: [Line]] = [:]
        var dayZone: [LocalDate: String] = [:]
        for line in lines {
            let day = zones.local(line.at, line.zone).date
            byDay[day, default: []].append(line)
            dayZone[day] = dayZone[day] ?? line.zone
        }
        let firstDay = startLocal.date
        let finalZone = result.zoneChanges.last?.to ?? result.timeZone
        let lastDay = max(zones.local(result.end, finalZone).date, byDay.keys.max() ?? firstDay)
        var day = firstDay
        var currentZone = result.timeZone
        let busyDays = byDay.keys.sorted()
        var nextBusy = 0
        while day <= lastDay {
            while nextBusy < busyDays.count, busyDays[nextBusy] < day { nextBusy += 1 }
            // A long stretch of nothing (the clock set years ahead) is one line, not a day each.
            let quietUntil = nextBusy < busyDays.count ? busyDays[nextBusy].adding(days: -1) : lastDay
            if day.days(to: quietUntil) >= Self.longestQuietStretch {
                out += "\n\(day.weekday.shortName) \(day) to \(quietUntil.weekday.shortName) \(quietUntil)\n"
                out += "  (nothing for \(day.days(to: quietUntil) + 1) days)\n"
                day = quietUntil.adding(days: 1)
                continue
            }
            let zone = dayZone[day] ?? currentZone
            currentZone = zone
            let noon = zones.rules(zone).date(for: LocalDateTime(date: day, time: "12:00"))
            out += "\n\(day.weekday.shortName) \(day)  \(zone) \(zones.offset(noon, zone))\n"
            let entries = byDay[day] ?? []
            if entries.isEmpty { out += "  (nothing)\n" }
            for line in entries {
                // A line's text carries the app's words (titles, bodies, names): shown as text.
                out += "  \(zones.local(line.at, line.zone).time)  \(TerminalText.escaped(line.text))\n"
            }
            day = day.adding(days: 1)
        }

        out += "\nSummary\n"
        out += "  delivered     \(padLeft(result.deliveries.count))  \(breakdown(result.deliveredByRule))\n"
        out += "  dropped       \(padLeft(result.dropped.count))  \(breakdown(result.droppedByReason))\n"
        if !result.notShown.isEmpty {
            out += "  not shown     \(padLeft(result.notShown.count))  \(notShownSummary)\n"
        }
        if !result.missed.isEmpty {
            out += "  missed        \(padLeft(result.missed.count))  wall-clock requests left behind by a zone change\n"
        }
        if result.evicted > 0 {
            out += "  evicted       \(padLeft(result.evicted))  pushed out by the center's pending limit\n"
        }
        var calls = "\(result.calls.adds) adds, \(result.calls.removes) removes"
        if result.calls.failedAdds + result.calls.failedRemoves > 0 {
            calls += " (\(result.calls.failedAdds) adds and \(result.calls.failedRemoves) removes failed)"
        }
        out += "  center calls  \(calls) over \(result.refreshes.count) refreshes\n"
        out += "  peak pending  \(result.peakPending) of \(result.platform.pendingLimit); \(result.pendingAtEnd) at the end\n"
        if let exact = result.exactAlarmsAtEnd {
            out += "  exact alarms  \(exactAlarmsText(exact))\n"
        }
        out += "  coverage      \(coverageText(result, zones: &zones))\n"
        return out
    }

    /// The platform and the room the plan has: `ios: 64 pending, plans up to 60`, or on Android
    /// `Android 14 (API 34): 500 alarms, plans up to 450 · channels reminders (high), tips (low)`.
    static func platformText(_ result: SimulationResult) -> String {
        guard let android = result.android else {
            return "\(result.platform.name): \(result.platform.pendingLimit) pending, plans up to \(result.capacity)"
        }
        return "\(android.versionName): \(result.platform.pendingLimit) alarms, plans up to \(result.capacity)"
            + " · channels \(android.channels.map { "\($0.id) (\($0.importance.rawValue))" }.joined(separator: ", "))"
    }

    /// `not shown: channel tips is off [#1234567]`.
    static func notShownText(_ shown: SimulationResult.NotShown) -> String {
        "not shown: \(shown.reason) [#\(shown.androidID)]"
    }

    /// What the not-shown count counts.
    static let notShownSummary = "alarms that fired without a notification (channel off, no permission)"

    /// Whether exact alarms were allowed at the end of an Android run.
    static func exactAlarmsText(_ allowed: Bool) -> String {
        "\(allowed ? "allowed" : "denied: alarms may arrive up to \(Int(AndroidProfile.inexactWindow / 60)) min late") at the end"
    }

    /// `[#1234567 · reminders · exact]`, `[#1234567 · reminders · window, 4 min late]`.
    static func androidNote(_ android: SimulatedCenter.AndroidDelivery) -> String {
        var text = "[#\(android.id) · \(android.channel)"
        if android.importance != .default { text += " (\(android.importance.rawValue))" }
        text += android.exact ? " · exact" : " · window"
        let late = Int((android.lateBy / 60).rounded(.down))
        if android.lateBy >= 60 {
            text += ", \(late) min late"
        } else if android.lateBy > 0 {
            text += ", \(Int(android.lateBy)) s late"
        }
        return text + "]"
    }

    /// Days in a row with nothing on them beyond which they are shown as one line.
    static let longestQuietStretch = 31

    static func coverageText(_ result: SimulationResult, zones: inout ZoneFormatter) -> String {
        guard let coverage = result.coverage else { return "nothing planned (the app was never opened)" }
        let zone = result.zoneChanges.last?.to ?? result.timeZone
        // A coverage built by hand may lack the horizon its limit implies: it reads as complete.
        guard let horizon = coverage.horizon, coverage.limit != .exhausted else { return "complete: nothing left to plan" }
        switch coverage.limit {
        case .exhausted:
            return "complete: nothing left to plan"
        case .budget:
            let local = zones.local(horizon, zone)
            return "complete until \(local.date.weekday.shortName) \(local.date) \(local.time) \(zones.offset(horizon, zone)) (then the budget is full)"
        case .lookahead:
            let local = zones.local(horizon, zone)
            return "complete until \(local.date) (the planner's lookahead)"
        }
    }

    private static func breakdown(_ counts: [String: Int]) -> String {
        counts.keys.sorted().map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
    }

    private static func padLeft(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, 4 - text.count)) + text
    }

    private static func padRight(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
