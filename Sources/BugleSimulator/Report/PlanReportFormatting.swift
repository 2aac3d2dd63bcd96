import Bugle
import Foundation

/// The plan at one moment and why it is what it is, as text or JSON.
public enum PlanReportFormatting {
    /// The plan made at `date` as text, every time local to `timeZone`: the slots used, the
    /// planned requests, the drops with their reasons, the checks in order and the coverage.
    public static func text(_ plan: Plan, at date: Date, timeZone: TimeZone) -> String {
        let zone = ZoneRules(timeZone: timeZone, around: date)
        let report = plan.report
        var out = "Plan at \(ISO8601.string(from: date, rules: zone)) (\(timeZone.identifier))\n"
        out += "  \(plan.entries.count) of \(report.capacity) slots used; \(report.considered) candidates considered, \(report.dropped.count) dropped\n"
        if let late = report.mayArriveLate.first {
            out += TerminalText.escaped("  all \(report.mayArriveLate.count) planned \(late.latitude)") + "\n"
        }
        out += "\nPlanned\n"
        if plan.entries.isEmpty { out += "  (nothing)\n" }
        let width = max(8, (plan.entries.map(\.candidate.ruleID.count) + report.dropped.map(\.candidate.ruleID.count)).max() ?? 0)
        for entry in plan.entries {
            let local = zone.localDateTime(at: entry.candidate.fireDate)
            let kind = if case .wallClock = entry.request.fireTime { "wall" } else { "zoned" }
            var line =
                "  \(local.date.weekday.shortName) \(local.date) \(local.time)  \(kind.padding(toLength: 5, withPad: " ", startingAt: 0)) \(entry.candidate.ruleID.padding(toLength: width, withPad: " ", startingAt: 0))  \(entry.candidate.content.title)"
            for adjustment in entry.candidate.adjustments { line += "  [\(adjustment)]" }
            if let learned = entry.candidate.learnedTime { line += "  [\(learned)]" }
            if let variant = entry.candidate.variant { line += "  [\(variant)]" }
            out += TerminalText.escaped(line) + "\n"
        }
        out += "\nDropped\n"
        if report.dropped.isEmpty { out += "  (nothing)\n" }
        for drop in report.dropped {
            let local = zone.localDateTime(at: drop.candidate.fireDate)
            out +=
                TerminalText.escaped(
                    "  \(local.date) \(local.time)  \(drop.candidate.ruleID.padding(toLength: width, withPad: " ", startingAt: 0))  \(drop.reason.rawValue): \(drop.detail)"
                ) + "\n"
        }
        out += "\nChecks, in order (the first that does not keep a candidate decides)\n"
        for (index, check) in report.checks.enumerated() { out += TerminalText.escaped("  \(index + 1). \(check)") + "\n" }
        out += "\nCoverage\n  "
        switch (report.coverage.limit, report.coverage.horizon) {
        case (.budget, let horizon?): out += "complete until \(ISO8601.string(from: horizon, rules: zone)) (then the budget is full)\n"
        case (.lookahead, let horizon?): out += "complete until \(ISO8601.string(from: horizon, rules: zone)) (the planner's lookahead)\n"
        default: out += "complete: nothing left to plan\n"
        }
        return out
    }

    /// The same as a pretty-printed JSON document with sorted keys: `at`, `timeZone`,
    /// `capacity`, `considered`, `checks`, `planned`, `dropped`, `mayArriveLate` and `coverage`. Times are in
    /// ISO 8601 with the offset of `timeZone`.
    public static func json(_ plan: Plan, at date: Date, timeZone: TimeZone) throws -> String {
        let zone = ZoneRules(timeZone: timeZone, around: date)
        let report = plan.report
        let object: [String: Any] = [
            "at": ISO8601.string(from: date, rules: zone),
            "timeZone": timeZone.identifier,
            "capacity": report.capacity,
            "considered": report.considered,
            "checks": report.checks,
            "planned": plan.entries.map { entry -> [String: Any] in
                var item: [String: Any] = [
                    "id": entry.request.id, "rule": entry.candidate.ruleID, "at": ISO8601.string(from: entry.candidate.fireDate, rules: zone),
                    "title": entry.candidate.content.title, "body": entry.candidate.content.body, "priority": entry.candidate.priority,
                    "fingerprint": entry.request.fingerprintHex,
                    "adjustments": entry.candidate.adjustments.map(\.description),
                ]
                if let learned = entry.candidate.learnedTime {
                    item["learnedTime"] =
                        [
                            "time": learned.time.description, "drawn": learned.drawn, "bestMean": learned.choice.bestMean.description,
                            "slots": learned.choice.means.indices.map { index in
                                ["draw": learned.choice.draws[index], "mean": learned.choice.means[index], "evidence": learned.choice.evidence[index]]
                            },
                        ] as [String: Any]
                }
                if let variant = entry.candidate.variant {
                    item["variant"] =
                        [
                            "id": variant.id, "drawn": variant.drawn,
                            "scores": variant.scores, "means": variant.means, "recency": variant.recency,
                        ] as [String: Any]
                }
                switch entry.request.fireTime {
                case .wallClock(let local): item["fireTime"] = ["wallClock": local.description]
                case .zoned(let zoned):
                    item["fireTime"] = ["zoned": ISO8601.string(from: zoned.date, timeZone: zoned.timeZone), "timeZone": zoned.timeZone.identifier]
                }
                return item
            },
            "dropped": report.dropped.map { drop -> [String: Any] in
                [
                    "id": plan.namespace.requestID(for: drop.candidate.id), "rule": drop.candidate.ruleID,
                    "at": ISO8601.string(from: drop.candidate.fireDate, rules: zone), "reason": drop.reason.rawValue, "detail": drop.detail,
                ]
            },
            "mayArriveLate": report.mayArriveLate.map { late -> [String: Any] in
                ["id": late.id, "at": ISO8601.string(from: late.fireDate, rules: zone), "upToSeconds": late.latitude.upTo, "reason": late.latitude.reason]
            },
            "coverage": [
                "horizon": report.coverage.horizon.map { ISO8601.string(from: $0, rules: zone) as Any } ?? NSNull(), "limit": report.coverage.limit.rawValue,
            ] as [String: Any],
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
