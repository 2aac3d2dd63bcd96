import BugleLab
import Foundation

/// A `bugle lab` run as one self-contained HTML page, drawn like the simulation's timeline page
/// (``HTMLReport``): inline CSS and SVG, no script, nothing loaded from the network.
///
/// - Cards with the issue's figures: learned − fixed open rate with its 95 % interval, the share
///   of the gain reached by week 3, learned + fatigue's sends and active days.
/// - The learning curves: each arm's open rate week by week, and its sends week by week.
/// - Each arm's figures with their intervals, and every fixed slot in hindsight.
///
/// ```swift
/// let result = try await Lab(population: .default, seed: 1).run()
/// try LabHTMLReport.render(result).write(toFile: "lab.html", atomically: true, encoding: .utf8)
/// ```
public enum LabHTMLReport {
    /// The page for `result`.
    public static func render(_ result: LabResult) -> String {
        var page = LabPage(result: result)
        return page.render()
    }
}

private struct LabPage {
    let result: LabResult
    var markup = Markup()

    static let width = 1000.0
    static let plotX = 70.0
    static let plotWidth = 760.0

    mutating func render() -> String {
        markup.openPage(title: "\(result.population) · Bugle lab", styleSheet: HTMLReport.styleSheet)
        markup.element("h1", text: "Bugle lab: population \(result.population)")
        markup.element(
            "p", ["class": "meta"],
            text:
                "\(result.users) users × \(result.days) days, seed \(result.seed); window \(result.window) in \(result.slotMinutes)-minute slots, fixed at \(result.configured). Intervals are 95 % over users; every arm ran on the same users with the same random numbers."
        )
        cards()
        markup.element("h2", text: "Learning curves: open rate by week")
        legend()
        markup.open("figure", ["class": "panel"])
        chart(series: result.learningCurves.map { $0.openRate.map { $0 * 100 } }, unit: "%", label: "Open rate by week, per arm")
        markup.close()
        markup.element("h2", text: "Notifications sent by week")
        markup.open("figure", ["class": "panel"])
        chart(series: result.learningCurves.map { $0.sent.map(Double.init) }, unit: "", label: "Notifications sent by week, per arm")
        markup.close()
        markup.element("h2", text: "Arms")
        armTable()
        markup.element("h2", text: "Every fixed slot, in hindsight")
        slotTable()
        markup.close()
        markup.close()
        markup.close()
        return markup.text
    }

    private func color(_ index: Int) -> String { HTMLReport.palette[index % HTMLReport.palette.count] }

    private mutating func card(_ label: String, _ value: String, _ detail: String) { markup.card(label, value, detail) }

    private mutating func cards() {
        let findings = result.findings
        markup.open("div", ["class": "cards"])
        let gain = findings.learnedMinusFixedOpenRate
        card(
            "learned − fixed open rate", String(format: "%+.2f pts", gain.value * 100),
            String(format: "%+.2f to %+.2f; %@", gain.low * 100, gain.high * 100, findings.learnedBeatsFixed ? "above zero" : "reaches zero"))
        card("gain by week 3", String(format: "%.0f %%", findings.gainReachedByWeek3 * 100), "of the last full week's gain")
        card("learned + fatigue sends", String(format: "%.0f %%", findings.fatigueSendShare * 100), "of learned time's")
        let active = findings.fatigueMinusLearnedActiveDays
        card(
            "active days, fatigue − learned", String(format: "%+.2f", active.value),
            String(format: "%+.2f to %+.2f per user; %@", active.low, active.high, findings.fatigueKeepsEngagement ? "no lower" : "lower"))
        markup.close()
    }

    private mutating func legend() {
        markup.open("div", ["class": "legend"])
        for (index, curve) in result.learningCurves.enumerated() {
            markup.open("span", ["class": "item"])
            markup.element("span", ["class": "swatch", "style": "background: \(color(index))"], text: "")
            markup.text(curve.arm.description)
            markup.close()
        }
        markup.close()
    }

    /// A line per arm over the weeks, from zero to the largest value.
    private mutating func chart(series: [[Double]], unit: String, label: String) {
        let top = 14.0
        let plotHeight = 220.0
        let bottom = top + plotHeight
        let weeks = series.map(\.count).max() ?? 0
        let largest = series.flatMap { $0 }.max() ?? 0
        let step = HTMLReport.niceStep(Swift.max(largest, 1) / 4)
        let yMax = Swift.max(step * (largest / step).rounded(.up), step)
        func x(_ week: Int) -> Double { Self.plotX + (weeks > 1 ? Double(week) / Double(weeks - 1) : 0.5) * Self.plotWidth }
        func y(_ value: Double) -> Double { bottom - value / yMax * plotHeight }
        markup.open("svg", ["viewBox": "0 0 \(num(Self.width)) \(num(bottom + 40))", "role": "img", "aria-label": label])
        markup.empty("rect", ["class": "plot", "x": num(Self.plotX), "y": num(top), "width": num(Self.plotWidth), "height": num(plotHeight)])
        var tick = 0.0
        while tick <= yMax + step / 2 {
            markup.empty("line", ["class": "grid", "x1": num(Self.plotX), "y1": num(y(tick)), "x2": num(Self.plotX + Self.plotWidth), "y2": num(y(tick))])
            markup.element("text", ["class": "axis", "x": num(Self.plotX - 8), "y": num(y(tick) + 4), "text-anchor": "end"], text: "\(num(tick))\(unit)")
            tick += step
        }
        let every = Swift.max(1, (weeks + 11) / 12)
        for week in 0..<weeks where week % every == 0 || week == weeks - 1 {
            markup.element("text", ["class": "axis", "x": num(x(week)), "y": num(bottom + 16), "text-anchor": "middle"], text: "\(week + 1)")
        }
        markup.element("text", ["class": "axis", "x": num(Self.plotX + Self.plotWidth / 2), "y": num(bottom + 34), "text-anchor": "middle"], text: "week")
        for (index, values) in series.enumerated() {
            let path = values.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(num(x($0.offset))) \(num(y($0.element)))" }.joined(separator: " ")
            markup.empty("path", ["d": path, "fill": "none", "stroke": color(index), "stroke-width": "2"])
            for (week, value) in values.enumerated() {
                markup.open("circle", ["cx": num(x(week)), "cy": num(y(value)), "r": "3", "fill": color(index)])
                markup.element("title", text: "\(result.learningCurves[index].arm), week \(week + 1): \(num(value))\(unit)")
                markup.close()
            }
        }
        markup.close()
    }

    private mutating func armTable() {
        markup.open("table")
        markup.open("thead")
        markup.open("tr")
        for title in ["arm", "sent/user", "opened/user", "open rate", "active days/user", "churned", "regret (opens/user)"] {
            markup.element("th", text: title)
        }
        markup.close()
        markup.close()
        markup.open("tbody")
        for (index, arm) in result.arms.enumerated() {
            markup.open("tr")
            markup.open("td")
            markup.element("span", ["class": "swatch", "style": "background: \(color(index))"], text: "")
            markup.text(arm.arm.description)
            markup.close()
            for estimate in [arm.sent, arm.opened, arm.openRate, arm.activeDays, arm.churned, arm.regret] {
                markup.element("td", ["class": "number"], text: estimate.description)
            }
            markup.close()
        }
        markup.close()
        markup.close()
    }

    private mutating func slotTable() {
        markup.open("table")
        markup.open("thead")
        markup.open("tr")
        for title in ["slot", "open rate", "expected opens/user", "best slot for (users)"] { markup.element("th", text: title) }
        markup.close()
        markup.close()
        markup.open("tbody")
        for slot in result.fixedSlots {
            markup.open("tr")
            markup.element("td", text: slot.time + (slot.time == result.configured ? " (fixed arm)" : ""))
            markup.element("td", ["class": "number"], text: String(format: "%.4f", slot.openRate))
            markup.element("td", ["class": "number"], text: String(format: "%.2f", slot.expectedOpens))
            markup.element("td", ["class": "number"], text: "\(slot.bestFor)")
            markup.close()
        }
        markup.close()
        markup.close()
    }

    /// A number with at most two decimals.
    private func num(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
