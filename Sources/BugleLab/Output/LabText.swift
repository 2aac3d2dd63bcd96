import Foundation

extension LabResult {
    /// The result as a person reads it in a terminal: the run, a table of the arms, the
    /// differences and the issue's figures, each with its 95 % interval.
    public var text: String {
        var lines: [String] = []
        lines.append(
            "bugle lab: population \(population), \(users) users × \(days) days, seed \(seed); send window \(window) in \(slotMinutes)-minute slots, fixed at \(configured)"
        )
        lines.append("95 % intervals over users; every arm runs on the same users with the same random numbers")
        lines.append("")
        let header = ["arm", "sent/user", "opened/user", "open rate", "active days/user", "churned", "regret (opens/user)"]
        var rows = [header]
        for arm in arms {
            rows.append([
                arm.arm.description, Estimate.text(arm.sent.value), Estimate.text(arm.opened.value), arm.openRate.description,
                arm.activeDays.description, arm.churned.description, arm.regret.description,
            ])
        }
        lines += table(rows)
        lines.append("")
        for difference in differences {
            lines.append("\(difference.arm) − \(difference.baseline):")
            lines.append("  open rate \(difference.openRate), opened/user \(difference.opened)")
            lines.append("  sent/user \(difference.sent), active days/user \(difference.activeDays), churned \(difference.churned)")
        }
        lines.append("")
        lines.append("open rate by week (learning curves):")
        let weeks = learningCurves.first?.openRate.count ?? 0
        var curveRows = [["week"] + (1...Swift.max(weeks, 1)).prefix(weeks).map(String.init)]
        for curve in learningCurves { curveRows.append([curve.arm.description] + curve.openRate.map { String(format: "%.3f", $0) }) }
        lines += table(curveRows)
        lines.append("")
        let best = fixedSlots.max { $0.expectedOpens < $1.expectedOpens }
        if let best {
            lines.append("best single fixed slot for everyone, in hindsight: \(best.time), open rate \(String(format: "%.4f", best.openRate))")
        }
        lines.append("")
        lines.append("findings:")
        lines.append(
            "  learned − fixed open rate: \(findings.learnedMinusFixedOpenRate): \(findings.learnedBeatsFixed ? "learned beats fixed (interval above zero)" : "NOT shown to beat fixed (interval reaches zero)")"
        )
        lines.append("  gain reached by week 3: \(String(format: "%.0f", findings.gainReachedByWeek3 * 100)) % of the last full week's")
        lines.append(
            "  learned + fatigue sends \(String(format: "%.0f", findings.fatigueSendShare * 100)) % of learned time's; active days/user \(findings.fatigueMinusLearnedActiveDays): \(findings.fatigueKeepsEngagement ? "no lower" : "LOWER")"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    private func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0) : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
    }
}
