import Bugle
import Foundation

/// The simulation as one self-contained HTML page: inline CSS and SVG, no script, nothing
/// loaded from the network.
///
/// - A timeline with one row per local day and the 24 hours across. Deliveries are filled
///   marks coloured by rule, dropped candidates hollow marks, missed requests dashed ones,
///   Android alarms that fired without a notification dotted ones;
///   quiet hours are shaded, daylight-saving and time-zone changes drawn as lines, and the
///   moments where a plan ran out of budget marked. Each mark has an SVG `<title>`, so hovering
///   shows its time, title, body and reason without JavaScript.
/// - The app's and the system's events in time order (a restart, Doze, exact alarms, a
///   channel turned off), as the text timeline's `·` lines say them.
/// - The center's pending count over the run against the platform's limit, with the refreshes
///   and the coverage horizon.
/// - Totals: delivered, dropped per reason and missed for each rule, and the center's calls.
///
/// On Android the header names the version, the alarms and the channels, each delivery's
/// tooltip its integer id, channel, importance and whether it was exact or how late it came,
/// and each alarm not shown why, in the text timeline's words.
///
/// The markup is well-formed XML (XHTML-compatible), so it can be read back with an XML parser.
///
/// ```swift
/// let result = try await ScenarioRunner(scenario: scenario).run()
/// try HTMLReport.render(result).write(toFile: "timeline.html", atomically: true, encoding: .utf8)
/// ```
public enum HTMLReport {
    /// The page for `result`.
    public static func render(_ result: SimulationResult) -> String {
        var page = HTMLPage(result)
        return page.render()
    }
}

extension HTMLReport {
    /// The timeline page's style sheet, for the other pages drawn like it (the lab's).
    static var styleSheet: String { HTMLPage.styleSheet }
    /// The timeline page's colours, in order.
    static var palette: [String] { HTMLPage.palette }
    /// A round axis step (1, 2, 5 × 10ⁿ) at least `raw`.
    static func niceStep(_ raw: Double) -> Double { HTMLPage.niceStep(raw) }
}

/// One row of the timeline: a local day and the zone the device showed it in.
private struct DayRow {
    var date: LocalDate
    /// The last zone in which the device's clock showed this date.
    var zone: String
    var top: Double
    var notes: [String] = []
}

/// A vertical line across one row of the timeline.
private struct RowLine {
    var row: Int
    var x: Double
    var title: String
}

/// A mark placed on the timeline, kept to move later marks at the same time off it.
private struct PlacedMark {
    var x: Double
    var lane: Int
}

private struct HTMLPage {
    let result: SimulationResult
    var zones: ZoneFormatter
    let colors: [String: String]
    let rules: [String]
    var rows: [DayRow] = []
    var rowIndex: [LocalDate: Int] = [:]
    var placed: [Int: [PlacedMark]] = [:]
    var daylightSavingLines: [RowLine] = []
    var markup = Markup()

    // Timeline geometry, in SVG units.
    static let width = 1340.0
    static let plotX = 168.0
    static let hourWidth = 40.0
    static let plotWidth = 24 * hourWidth
    static let notesX = plotX + plotWidth + 12
    static let axisHeight = 26.0
    static let rowHeight = 24.0
    static let lanes = [0.0, -6.0, 6.0]

    /// Colours for rules, in the order of their names; distinct for the first ten.
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#8e6bbf", "#3fa7a0", "#9c755f", "#d4a017", "#d37295", "#6b7b8c"]

    init(_ result: SimulationResult) {
        self.result = result
        zones = ZoneFormatter(around: result.start)
        rules = Set(result.deliveries.map(\.rule) + result.dropped.map(\.rule) + result.missed.map(\.rule) + result.notShown.map(\.rule)).sorted()
        var colors: [String: String] = [:]
        for (index, rule) in rules.enumerated() {
            colors[rule] =
                index < Self.palette.count
                ? Self.palette[index]
                : "hsl(\(index * 137 % 360), 55%, 48%)"
        }
        self.colors = colors
    }

    mutating func render() -> String {
        layOutRows()
        markup.openPage(title: "\(result.name) · Bugle simulation", styleSheet: Self.styleSheet)
        header()
        markup.open("h2")
        markup.text("Timeline")
        markup.element("span", ["class": "hint"], text: "hover a mark for its time, title, body and reason")
        markup.close()
        legend()
        markup.open("figure", ["class": "panel"])
        timeline()
        markup.close()
        if !result.appEvents.isEmpty {
            markup.element("h2", text: "App and system events")
            eventList()
        }
        markup.element("h2", text: "Pending requests")
        markup.open("figure", ["class": "panel"])
        pendingChart()
        markup.close()
        markup.element("h2", text: "Totals")
        totals()
        markup.close()
        markup.close()
        markup.close()
        return markup.text
    }

    // MARK: Header

    private mutating func header() {
        let start = zones.local(result.start, result.timeZone)
        let days = zones.rules(result.timeZone).localDate(at: result.start).days(to: zones.rules(result.timeZone).localDate(at: result.end))
        markup.element("h1", text: result.name)
        markup.element(
            "p", ["class": "meta"],
            text: "\(result.timeZone) · from \(start.date.weekday.shortName) \(start.date) \(start.time) for \(days) days · "
                + TextReport.platformText(result))
        markup.open("div", ["class": "cards"])
        card("delivered", "\(result.deliveries.count)", breakdown(result.deliveredByRule))
        card("dropped", "\(result.dropped.count)", breakdown(result.droppedByReason))
        if !result.missed.isEmpty {
            card("missed", "\(result.missed.count)", "left behind by a zone change")
        }
        if !result.notShown.isEmpty {
            card("not shown", "\(result.notShown.count)", TextReport.notShownSummary)
        }
        if let exact = result.exactAlarmsAtEnd {
            card("exact alarms", exact ? "allowed" : "denied", TextReport.exactAlarmsText(exact))
        }
        card(
            "center calls", "\(result.calls.adds + result.calls.removes)",
            "\(result.calls.adds) adds, \(result.calls.removes) removes over \(result.refreshes.count) refreshes")
        card("peak pending", "\(result.peakPending) of \(result.platform.pendingLimit)", "\(result.pendingAtEnd) at the end")
        card("covered until", coverageHeadline(), coverageDetail())
        markup.close()
    }

    private mutating func card(_ label: String, _ value: String, _ detail: String) { markup.card(label, value, detail) }

    private func coverageDetail() -> String {
        switch result.coverage?.limit {
        case nil: "the app was never opened"
        case .exhausted: "nothing left to plan"
        case .budget: "then the budget is full"
        case .lookahead: "the planner's lookahead"
        }
    }

    private mutating func coverageHeadline() -> String {
        guard let coverage = result.coverage else { return "nothing planned" }
        guard let horizon = coverage.horizon, coverage.limit != .exhausted else { return "the end" }
        let local = zones.local(horizon, finalZone)
        return "\(local.date.weekday.shortName) \(shortDate(local.date)) \(local.time)"
    }

    // MARK: Legend

    private mutating func legend() {
        markup.open("div", ["class": "legend"])
        for rule in rules {
            let fill = color(rule)
            legendItem(rule.isEmpty ? "(no rule)" : rule) { $0.empty("circle", ["cx": "7", "cy": "7", "r": "5", "fill": fill]) }
        }
        legendItem("dropped") { $0.empty("circle", ["cx": "7", "cy": "7", "r": "4.5", "class": "drop", "stroke": "#57606a"]) }
        if !result.missed.isEmpty {
            legendItem("missed") { $0.empty("circle", ["cx": "7", "cy": "7", "r": "4.5", "class": "missed", "stroke": "#57606a"]) }
        }
        if !result.notShown.isEmpty {
            legendItem("fired, not shown") { $0.empty("circle", ["cx": "7", "cy": "7", "r": "4.5", "class": "not-shown", "stroke": "#57606a"]) }
        }
        if result.deliveries.contains(where: { $0.interruptionLevel == InterruptionLevel.passive.rawValue }) {
            legendItem("delivered quietly") { $0.empty("circle", ["cx": "7", "cy": "7", "r": "3", "fill": "#57606a"]) }
        }
        for quiet in result.quietHours where quiet.start != quiet.end {
            legendItem(quietDescription(quiet)) { $0.empty("rect", ["x": "0", "y": "2", "width": "14", "height": "10", "class": "quiet"]) }
        }
        if !result.appEvents.isEmpty {
            legendItem("app or system event") { $0.empty("path", ["d": "M7 6 L11 13 L3 13 Z", "class": "event"]) }
        }
        if !daylightSavingLines.isEmpty {
            legendItem("daylight-saving change") { $0.empty("line", ["x1": "7", "y1": "0", "x2": "7", "y2": "14", "class": "dst"]) }
        }
        if !result.zoneChanges.isEmpty {
            legendItem("time-zone change") { $0.empty("line", ["x1": "7", "y1": "0", "x2": "7", "y2": "14", "class": "zone-change"]) }
        }
        if !runOutRefreshes.isEmpty {
            legendItem("a plan runs out") { $0.empty("line", ["x1": "7", "y1": "0", "x2": "7", "y2": "14", "class": "horizon"]) }
        }
        markup.close()
    }

    private mutating func legendItem(_ label: String, symbol: (inout Markup) -> Void) {
        markup.open("span", ["class": "item"])
        markup.open("svg", ["width": "14", "height": "14", "viewBox": "0 0 14 14"])
        symbol(&markup)
        markup.close()
        markup.text(label)
        markup.close()
    }

    private func quietDescription(_ quiet: QuietHours) -> String {
        var text = "quiet hours \(quiet.start)–\(quiet.end), \(quiet.mode.rawValue)"
        let overrides = quiet.overrides.keys.sorted().map { group -> String in
            switch quiet.overrides[group]! {
            case .exempt: "\(group) exempt"
            case .mode(let mode): "\(group) \(mode.rawValue)"
            }
        }
        if !overrides.isEmpty { text += " (\(overrides.joined(separator: ", ")))" }
        return text
    }

    // MARK: Timeline

    private var finalZone: String { result.zoneChanges.last?.to ?? result.timeZone }

    /// The zone the device was in at `date`.
    private func zone(at date: Date) -> String {
        result.zoneChanges.last(where: { $0.at <= date })?.to ?? result.timeZone
    }

    /// One row per local date the device's clock showed from the start to the end, and any
    /// date a mark falls on.
    private mutating func layOutRows() {
        var zoneByDate: [LocalDate: String] = [:]
        let boundaries = [(result.start, result.timeZone)] + result.zoneChanges.map { ($0.at, $0.to) }
        for (index, (since, zone)) in boundaries.enumerated() {
            let until = index + 1 < boundaries.count ? boundaries[index + 1].0 : result.end
            var date = zones.local(since, zone).date
            let last = zones.local(max(since, until), zone).date
            while date <= last {
                zoneByDate[date] = zone
                date = date.adding(days: 1)
            }
        }
        var markDates = result.deliveries.map { zones.local($0.at, $0.timeZone).date }
        markDates += result.dropped.map { zones.local($0.at, $0.timeZone).date }
        markDates += result.missed.map { zones.local($0.at, $0.timeZone).date }
        markDates += result.notShown.map { zones.local($0.at, $0.timeZone).date }
        let dates = Array(zoneByDate.keys) + markDates
        guard let first = dates.min(), let last = dates.max() else { return }
        var date = first
        var zone = result.timeZone
        while date <= last {
            // A date the device skipped (east across the date line) keeps the zone before it.
            zone = zoneByDate[date] ?? zone
            rowIndex[date] = rows.count
            rows.append(DayRow(date: date, zone: zone, top: Self.axisHeight + Double(rows.count) * Self.rowHeight))
            date = date.adding(days: 1)
        }
        if !rows.isEmpty { rows[0].notes.append(result.timeZone) }
        findDaylightSavingChanges()
    }

    private func x(of time: LocalTime) -> Double {
        Self.plotX + Double(time.secondOfDay) / 86_400 * Self.plotWidth
    }

    /// Where a moment shown on a zone's wall clock goes: its row and x.
    private mutating func position(_ date: Date, _ zone: String) -> (row: Int, x: Double)? {
        let local = zones.local(date, zone)
        guard let row = rowIndex[local.date] else { return nil }
        return (row, x(of: local.time))
    }

    /// The centre of a new mark in `row` at `x`, in the first lane where it does not cover
    /// an earlier mark.
    private mutating func markCenter(row: Int, x: Double) -> Double {
        let taken = placed[row] ?? []
        let lane = Self.lanes.indices.first { lane in !taken.contains { $0.lane == lane && abs($0.x - x) < 10 } } ?? 0
        placed[row, default: []].append(PlacedMark(x: x, lane: lane))
        return rows[row].top + Self.rowHeight / 2 + Self.lanes[lane]
    }

    private mutating func timeline() {
        let height = Self.axisHeight + Double(rows.count) * Self.rowHeight + 6
        markup.open(
            "svg",
            [
                "class": "timeline", "viewBox": "0 0 \(num(Self.width)) \(num(height))", "role": "img",
                "aria-label": "Deliveries and drops, one row per local day",
            ])
        for (index, row) in rows.enumerated() {
            markup.empty(
                "rect",
                [
                    "class": index % 2 == 0 ? "day" : "day alt", "data-date": row.date.description,
                    "x": num(Self.plotX), "y": num(row.top), "width": num(Self.plotWidth), "height": num(Self.rowHeight),
                ])
        }
        quietShading()
        for hour in 0...24 {
            let x = Self.plotX + Double(hour) * Self.hourWidth
            markup.empty(
                "line",
                [
                    "class": hour % 6 == 0 ? "hour major" : "hour", "data-hour": "\(hour)", "x1": num(x), "y1": num(Self.axisHeight - 4),
                    "x2": num(x), "y2": num(height - 6),
                ])
            if hour % 3 == 0 {
                markup.element(
                    "text", ["class": "axis", "x": num(x), "y": num(Self.axisHeight - 9), "text-anchor": "middle"],
                    text: "\(hour < 10 ? "0" : "")\(hour):00")
            }
        }
        rowLabels()
        for line in daylightSavingLines { rowLine(line.row, x: line.x, class: "dst", title: line.title) }
        zoneChanges()
        runOuts()
        appEvents()
        for drop in result.dropped { dropMark(drop) }
        for missed in result.missed { missedMark(missed) }
        for shown in result.notShown { notShownMark(shown) }
        for delivery in result.deliveries { deliveryMark(delivery) }
        rowNotes()
        markup.close()
    }

    private mutating func rowLabels() {
        for row in rows {
            let zone = row.zone
            let noon = zones.rules(zone).date(for: LocalDateTime(date: row.date, time: "12:00"))
            let y = num(row.top + Self.rowHeight / 2 + 4)
            let weekend = row.date.weekday == .saturday || row.date.weekday == .sunday
            markup.element(
                "text", ["class": weekend ? "daylabel weekend" : "daylabel", "x": "4", "y": y],
                text: "\(row.date.weekday.shortName) \(row.date)")
            markup.element("text", ["class": "offset", "x": num(Self.plotX - 8), "y": y, "text-anchor": "end"], text: zones.offset(noon, zone))
        }
    }

    private mutating func quietShading() {
        for quiet in result.quietHours where quiet.start != quiet.end {
            let spans =
                quiet.start < quiet.end
                ? [(x(of: quiet.start), x(of: quiet.end))]
                : [(Self.plotX, x(of: quiet.end)), (x(of: quiet.start), Self.plotX + Self.plotWidth)]
            for row in rows {
                for (from, to) in spans where to > from {
                    markup.open("rect", ["class": "quiet", "x": num(from), "y": num(row.top), "width": num(to - from), "height": num(Self.rowHeight)])
                    markup.element("title", text: quietDescription(quiet))
                    markup.close()
                }
            }
        }
    }

    /// A vertical line across one row at a moment, with a tooltip.
    private mutating func rowLine(_ row: Int, x: Double, class name: String, title: String) {
        markup.open("line", ["class": name, "x1": num(x), "y1": num(rows[row].top + 1), "x2": num(x), "y2": num(rows[row].top + Self.rowHeight - 1)])
        markup.element("title", text: title)
        markup.close()
    }

    /// Each daylight-saving change of the zones the device was in, while it was in them.
    private mutating func findDaylightSavingChanges() {
        let boundaries = [(result.start, result.timeZone)] + result.zoneChanges.map { ($0.at, $0.to) }
        for (index, (since, zone)) in boundaries.enumerated() {
            let until = index + 1 < boundaries.count ? boundaries[index + 1].0 : result.end
            guard let timeZone = TimeZone(identifier: zone) else { continue }
            var cursor = since
            while let change = timeZone.nextDaylightSavingTimeTransition(after: cursor), change < until, change > cursor {
                cursor = change
                let rules = zones.rules(zone)
                let before = rules.offset(at: change.addingTimeInterval(-1))
                let after = rules.offset(at: change)
                // The wall clock as it read just before the change: 02:00 on a spring-forward night.
                let local = LocalDateTime(localSeconds: Int(change.timeIntervalSince1970.rounded(.down)) + before)
                guard let row = rowIndex[local.date] else { continue }
                let text = "DST \(ISO8601.offsetString(before)) → \(ISO8601.offsetString(after))"
                daylightSavingLines.append(RowLine(row: row, x: x(of: local.time), title: "\(zone): daylight-saving change at \(local.time), \(text)"))
                rows[row].notes.append(text)
            }
        }
    }

    private mutating func zoneChanges() {
        for change in result.zoneChanges {
            if let place = position(change.at, change.from) {
                let local = zones.local(change.at, change.from)
                rowLine(place.row, x: place.x, class: "zone-change", title: "\(local.time) time zone \(change.from) → \(change.to)")
                rows[place.row].notes.append("→ \(change.to)")
            }
            if let place = position(change.at, change.to) {
                let local = zones.local(change.at, change.to)
                rowLine(place.row, x: place.x, class: "zone-change", title: "\(local.time) in \(change.to), arrived from \(change.from)")
                if rows[place.row].notes.last != "→ \(change.to)" { rows[place.row].notes.append(change.to) }
            }
        }
    }

    /// Budget-limited plans that ran out before the app refreshed again.
    private var runOutRefreshes: [(refresh: SimulationResult.Refresh, horizon: Date)] {
        result.refreshes.enumerated().compactMap { index, refresh in
            let next = index + 1 < result.refreshes.count ? result.refreshes[index + 1].at : result.end
            guard refresh.limit == Coverage.Limit.budget.rawValue, let horizon = refresh.horizon, horizon < next else { return nil }
            return (refresh, horizon)
        }
    }

    private mutating func runOutText(_ refresh: SimulationResult.Refresh) -> String {
        let made = zones.local(refresh.at, zone(at: refresh.at))
        return "the plan made \(made.date.weekday.shortName) \(made.date) \(made.time) runs out here: all \(refresh.planned) slots were used"
    }

    private mutating func runOuts() {
        for (refresh, horizon) in runOutRefreshes {
            guard case (let row, let x)? = position(horizon, zone(at: horizon)) else { continue }
            let local = zones.local(horizon, zone(at: horizon))
            rowLine(row, x: x, class: "horizon", title: "\(local.time) \(runOutText(refresh))")
        }
    }

    private mutating func appEvents() {
        for event in result.appEvents {
            guard case (let row, let x)? = position(event.at, event.timeZone) else { continue }
            let bottom = rows[row].top + Self.rowHeight - 1
            markup.open("path", ["class": "event", "d": "M\(num(x)) \(num(bottom - 6)) L\(num(x + 3.5)) \(num(bottom)) L\(num(x - 3.5)) \(num(bottom)) Z"])
            markup.element("title", text: "\(zones.local(event.at, event.timeZone).time) \(event.text)")
            markup.close()
        }
    }

    private mutating func deliveryMark(_ delivery: SimulationResult.Delivery) {
        guard case (let row, let x)? = position(delivery.at, delivery.timeZone) else { return }
        let passive = delivery.interruptionLevel == InterruptionLevel.passive.rawValue
        var tip = "\(moment(delivery.at, delivery.timeZone)) · \(delivery.rule)\n\(delivery.title)"
        if let subtitle = delivery.subtitle { tip += " (\(subtitle))" }
        if !delivery.body.isEmpty { tip += "\n\(delivery.body)" }
        if delivery.interruptionLevel != InterruptionLevel.active.rawValue { tip += "\n[\(delivery.interruptionLevel)]" }
        for adjustment in delivery.adjustments { tip += "\n\(adjustment)" }
        if let android = delivery.android { tip += "\n" + TextReport.androidNote(android) }
        markup.open(
            "circle",
            [
                "class": "delivery", "data-rule": delivery.rule, "data-id": delivery.id, "cx": num(x),
                "cy": num(markCenter(row: row, x: x)), "r": passive ? "3.5" : "5.5", "fill": color(delivery.rule),
            ])
        markup.element("title", text: tip)
        markup.close()
    }

    private mutating func dropMark(_ drop: SimulationResult.Drop) {
        hollowMark(
            "drop", rule: drop.rule, at: drop.at, in: drop.timeZone, data: ("data-reason", drop.reason),
            says: "\(drop.title)\ndropped (\(drop.reason)): \(drop.detail)")
    }

    private mutating func missedMark(_ missed: SimulationResult.Missed) {
        let fireTime = missed.fireTime.replacingOccurrences(of: " (wall clock)", with: "")
        hollowMark(
            "missed", rule: missed.rule, at: missed.at, in: missed.timeZone, data: ("data-id", missed.id),
            says: "\(missed.title)\nmissed: its wall-clock time \(fireTime) had already passed in \(missed.timeZone)")
    }

    /// An alarm that fired on Android without a notification (its channel off, no permission).
    private mutating func notShownMark(_ shown: SimulationResult.NotShown) {
        hollowMark(
            "not-shown", rule: shown.rule, at: shown.at, in: shown.timeZone, data: ("data-id", shown.id),
            says: "\(shown.title)\n\(TextReport.notShownText(shown))")
    }

    /// A mark of something not shown (`class` says why) where it would have been, in its rule's
    /// colour, with `data` and a tooltip of its moment, its rule and what it `says`.
    private mutating func hollowMark(_ name: String, rule: String, at date: Date, in zone: String, data: (name: String, value: String), says: String) {
        guard case (let row, let x)? = position(date, zone) else { return }
        let tip = "\(moment(date, zone)) · \(rule)\n\(says)"
        markup.open(
            "circle",
            [
                "class": name, "data-rule": rule, data.name: data.value, "cx": num(x),
                "cy": num(markCenter(row: row, x: x)), "r": "4.5", "stroke": color(rule),
            ])
        markup.element("title", text: tip)
        markup.close()
    }

    private mutating func rowNotes() {
        for row in rows where !row.notes.isEmpty {
            let text = row.notes.joined(separator: " · ")
            markup.open(
                "text",
                [
                    "class": row.notes.contains(where: { $0.hasPrefix("DST") }) ? "note dst" : "note",
                    "x": num(Self.notesX), "y": num(row.top + Self.rowHeight / 2 + 4),
                ])
            markup.element("title", text: text)
            markup.text(text)
            markup.close()
        }
    }

    // MARK: Events

    /// What the app did and what the system did to it (a restart, Doze, exact alarms, a
    /// channel turned off), in time order: the text timeline's `·` lines.
    private mutating func eventList() {
        markup.open("ol", ["class": "events"])
        for event in result.appEvents.sorted(by: { $0.at < $1.at }) {
            markup.open("li")
            markup.element("span", ["class": "when"], text: moment(event.at, event.timeZone))
            markup.element("span", ["class": "what"], text: event.text)
            markup.close()
        }
        markup.close()
    }

    // MARK: Pending chart

    private mutating func pendingChart() {
        let top = 18.0
        let plotHeight = 160.0
        let bottom = top + plotHeight
        let height = bottom + 44
        let limit = result.platform.pendingLimit
        let yMax = Double(max(limit, result.peakPending, 1))
        let start = result.start
        let span = max(result.end.timeIntervalSince(start), 1)
        func x(_ date: Date) -> Double {
            Self.plotX + min(max(date.timeIntervalSince(start) / span, 0), 1) * Self.plotWidth
        }
        func y(_ count: Double) -> Double { bottom - count / yMax * plotHeight }

        markup.open(
            "svg",
            [
                "class": "pending", "viewBox": "0 0 \(num(Self.width)) \(num(height))", "role": "img",
                "aria-label": "Pending requests over time against the platform's limit",
            ])
        markup.empty("rect", ["class": "plot", "x": num(Self.plotX), "y": num(top), "width": num(Self.plotWidth), "height": num(plotHeight)])

        // Horizontal grid and the count axis.
        let step = Self.niceStep(yMax / 4)
        var tick = 0.0
        while tick <= yMax {
            markup.empty("line", ["class": "grid", "x1": num(Self.plotX), "y1": num(y(tick)), "x2": num(Self.plotX + Self.plotWidth), "y2": num(y(tick))])
            markup.element("text", ["class": "axis", "x": num(Self.plotX - 8), "y": num(y(tick) + 4), "text-anchor": "end"], text: "\(Int(tick))")
            tick += step
        }

        // Local midnights along the time axis, labelled often enough to stay readable.
        let starts = rows.map { zones.rules($0.zone).startOfDay($0.date) }
        let dayWidth = Self.plotWidth / max(span / 86_400, 1)
        let every = [1, 2, 7, 14, 28].first { Double($0) * dayWidth >= 46 } ?? 28
        var lastX = -Double.infinity
        for (index, start) in starts.enumerated() where start >= result.start && start <= result.end {
            let tickX = x(start)
            guard tickX > lastX else { continue }
            lastX = tickX
            markup.empty("line", ["class": "day-tick", "x1": num(tickX), "y1": num(bottom), "x2": num(tickX), "y2": num(bottom + 4)])
            if index % every == 0 {
                markup.element("text", ["class": "axis", "x": num(tickX), "y": num(bottom + 16), "text-anchor": "middle"], text: shortDate(rows[index].date))
            }
        }

        // The count as a step line: it holds from each sample to the next.
        var line = ""
        var previousX = Self.plotX
        for (index, sample) in result.pendingSamples.enumerated() {
            // A clock set back by hand must not draw the line backwards.
            let sampleX = max(x(sample.at), previousX)
            line += index == 0 ? "M\(num(sampleX)) \(num(y(Double(sample.count))))" : " H\(num(sampleX)) V\(num(y(Double(sample.count))))"
            previousX = sampleX
        }
        if !line.isEmpty {
            let firstX = num(max(x(result.pendingSamples[0].at), Self.plotX))
            line += " H\(num(Self.plotX + Self.plotWidth))"
            markup.empty("path", ["class": "pending-area", "d": "\(line) V\(num(bottom)) H\(firstX) Z"])
            markup.empty("path", ["class": "pending-line", "d": line])
        }

        // The platform's limit and what the planner allows itself under it.
        markup.empty(
            "line", ["class": "limit", "x1": num(Self.plotX), "y1": num(y(Double(limit))), "x2": num(Self.plotX + Self.plotWidth), "y2": num(y(Double(limit)))])
        markup.element(
            "text", ["class": "limit-label", "x": num(Self.notesX), "y": num(y(Double(limit)) + 4)], text: "limit \(limit) (\(result.platform.name))")
        if result.capacity != limit {
            markup.empty(
                "line",
                [
                    "class": "capacity", "x1": num(Self.plotX), "y1": num(y(Double(result.capacity))), "x2": num(Self.plotX + Self.plotWidth),
                    "y2": num(y(Double(result.capacity))),
                ])
            markup.element(
                "text", ["class": "capacity-label", "x": num(Self.notesX), "y": num(y(Double(result.capacity)) + 15)], text: "plans up to \(result.capacity)")
        }

        // Where a plan ran out before the next refresh, and the final coverage horizon.
        for (refresh, horizon) in runOutRefreshes {
            markup.open("line", ["class": "horizon", "x1": num(x(horizon)), "y1": num(top), "x2": num(x(horizon)), "y2": num(bottom)])
            markup.element("title", text: "\(moment(horizon, zone(at: horizon))): \(runOutText(refresh))")
            markup.close()
        }
        if let coverage = result.coverage, let horizon = coverage.horizon, coverage.limit != .exhausted {
            let text = "coverage horizon: \(TextReport.coverageText(result, zones: &zones))"
            if horizon <= result.end {
                markup.open("line", ["class": "coverage", "x1": num(x(horizon)), "y1": num(top - 6), "x2": num(x(horizon)), "y2": num(bottom)])
                markup.element("title", text: text)
                markup.close()
                markup.element("text", ["class": "coverage-label", "x": num(x(horizon)), "y": num(top - 8), "text-anchor": "middle"], text: "coverage horizon")
            } else {
                let local = zones.local(horizon, finalZone)
                markup.open("text", ["class": "coverage-label", "x": num(Self.notesX), "y": num(bottom - 4)])
                markup.element("title", text: text)
                markup.text("coverage → \(local.date.weekday.shortName) \(shortDate(local.date)) \(local.time)")
                markup.close()
            }
        } else if result.coverage?.limit == .exhausted {
            markup.element("text", ["class": "coverage-label", "x": num(Self.notesX), "y": num(bottom - 4)], text: "coverage: complete")
        }

        // The refreshes, under the axis.
        for refresh in result.refreshes {
            let refreshX = x(refresh.at)
            markup.open(
                "path",
                [
                    "class": "refresh",
                    "d": "M\(num(refreshX)) \(num(bottom + 22)) L\(num(refreshX + 4)) \(num(bottom + 29)) L\(num(refreshX - 4)) \(num(bottom + 29)) Z",
                ])
            var tip =
                "\(moment(refresh.at, zone(at: refresh.at))) refresh (\(refresh.reason)): planned \(refresh.planned), \(refresh.added) added, \(refresh.removed) removed"
            if refresh.failures > 0 { tip += ", \(refresh.failures) calls failed" }
            markup.element("title", text: tip)
            markup.close()
        }
        markup.element("text", ["class": "axis", "x": num(Self.plotX - 8), "y": num(bottom + 29), "text-anchor": "end"], text: "refreshes")
        markup.close()
    }

    /// A round step (1, 2, 5 × 10ⁿ) at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        return [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    }

    // MARK: Totals

    private mutating func totals() {
        let reasons = Set(result.dropped.map(\.reason)).sorted()
        var dropped: [String: [String: Int]] = [:]
        for drop in result.dropped { dropped[drop.rule, default: [:]][drop.reason, default: 0] += 1 }
        let delivered = result.deliveredByRule
        let missed = result.missed.reduce(into: [String: Int]()) { $0[$1.rule, default: 0] += 1 }

        markup.open("div", ["class": "totals"])
        markup.open("table")
        markup.open("thead")
        markup.open("tr")
        markup.element("th", text: "rule")
        markup.element("th", ["class": "number"], text: "delivered")
        for reason in reasons { markup.element("th", ["class": "number"], text: "dropped: \(reason)") }
        if !missed.isEmpty { markup.element("th", ["class": "number"], text: "missed") }
        markup.close()
        markup.close()
        markup.open("tbody")
        for rule in rules {
            markup.open("tr")
            markup.open("td")
            markup.element("span", ["class": "swatch", "style": "background: \(color(rule))"], text: "")
            markup.text(rule.isEmpty ? "(no rule)" : rule)
            markup.close()
            markup.element("td", ["class": "number"], text: "\(delivered[rule] ?? 0)")
            for reason in reasons { markup.element("td", ["class": "number"], text: count(dropped[rule]?[reason])) }
            if !missed.isEmpty { markup.element("td", ["class": "number"], text: count(missed[rule])) }
            markup.close()
        }
        markup.close()
        markup.open("tfoot")
        markup.open("tr")
        markup.element("td", text: "total")
        markup.element("td", ["class": "number"], text: "\(result.deliveries.count)")
        for reason in reasons { markup.element("td", ["class": "number"], text: "\(result.droppedByReason[reason] ?? 0)") }
        if !missed.isEmpty { markup.element("td", ["class": "number"], text: "\(result.missed.count)") }
        markup.close()
        markup.close()
        markup.close()

        markup.open("dl")
        var calls = "\(result.calls.adds) adds, \(result.calls.removes) removes over \(result.refreshes.count) refreshes"
        if result.calls.failedAdds + result.calls.failedRemoves > 0 {
            calls += " (\(result.calls.failedAdds) adds and \(result.calls.failedRemoves) removes failed)"
        }
        fact("center calls", calls)
        if result.evicted > 0 { fact("evicted", "\(result.evicted) pushed out by the center's pending limit") }
        fact("peak pending", "\(result.peakPending) of \(result.platform.pendingLimit); \(result.pendingAtEnd) at the end")
        if !result.notShown.isEmpty { fact("not shown", "\(result.notShown.count) \(TextReport.notShownSummary)") }
        if let exact = result.exactAlarmsAtEnd { fact("exact alarms", TextReport.exactAlarmsText(exact)) }
        fact("coverage", TextReport.coverageText(result, zones: &zones))
        markup.close()
        markup.close()
    }

    private mutating func fact(_ term: String, _ description: String) {
        markup.element("dt", text: term)
        markup.element("dd", text: description)
    }

    // MARK: Text

    private func color(_ rule: String) -> String { colors[rule] ?? "#57606a" }

    private func count(_ value: Int?) -> String { value.map(String.init) ?? "·" }

    private func breakdown(_ counts: [String: Int]) -> String {
        counts.keys.sorted().map { "\($0.isEmpty ? "(no rule)" : $0) \(counts[$0]!)" }.joined(separator: ", ")
    }

    private func shortDate(_ date: LocalDate) -> String {
        String(date.description.dropFirst(5))
    }

    /// `Sun 2026-03-01 08:30 -05:00`.
    private mutating func moment(_ date: Date, _ zone: String) -> String {
        let local = zones.local(date, zone)
        return "\(local.date.weekday.shortName) \(local.date) \(local.time) \(zones.offset(date, zone))"
    }

    /// A coordinate with at most one decimal.
    private func num(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    // Only selectors and declarations: no character here needs escaping in XML.
    static let styleSheet = """
        :root { color-scheme: light; }
        body { margin: 0; background: #f6f7f9; color: #1f2328;
               font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        main { max-width: 1360px; margin: 0 auto; padding: 18px 24px 40px; }
        h1 { font-size: 22px; margin: 0 0 2px; }
        h2 { font-size: 15px; margin: 20px 0 6px; color: #424a53; }
        .meta { color: #57606a; margin: 0 0 12px; }
        .cards { display: flex; flex-wrap: wrap; gap: 10px; }
        .card { flex: 1 1 150px; background: #fff; border: 1px solid #d8dee4; border-radius: 8px; padding: 8px 14px; }
        .card .label { font-size: 12px; color: #57606a; text-transform: uppercase; letter-spacing: 0.04em; }
        .card .value { font-size: 19px; font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .card .detail { font-size: 12px; color: #57606a; }
        .legend { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 16px; font-size: 12px; margin: 0 0 6px; }
        .legend .item { display: inline-flex; align-items: center; gap: 5px; }
        h2 .hint { font-size: 12px; font-weight: normal; color: #8c959f; margin-left: 12px; }
        figure.panel { margin: 0; background: #fff; border: 1px solid #d8dee4; border-radius: 8px; padding: 6px 8px; }
        figure.panel svg { display: block; width: 100%; height: auto; }
        svg text { font-family: inherit; }
        .axis { font-size: 11px; fill: #57606a; font-variant-numeric: tabular-nums; }
        .daylabel { font-size: 12px; fill: #1f2328; font-variant-numeric: tabular-nums; }
        .daylabel.weekend { font-weight: 600; }
        .offset { font-size: 11px; fill: #8c959f; font-variant-numeric: tabular-nums; }
        .note { font-size: 11px; fill: #8250df; }
        .note.dst { fill: #bc4c00; }
        rect.day { fill: #ffffff; }
        rect.day.alt { fill: #f6f8fa; }
        rect.quiet { fill: #dbe2f1; fill-opacity: 0.75; }
        line.hour { stroke: #eaeef2; stroke-width: 1; }
        line.hour.major { stroke: #c9d1d9; }
        circle.delivery { stroke: #ffffff; stroke-width: 1.2; }
        circle.drop { fill: #ffffff; stroke-width: 2; }
        circle.missed { fill: #ffffff; stroke-width: 2; stroke-dasharray: 2.2 1.8; }
        circle.not-shown { fill: #ffffff; stroke-width: 2; stroke-dasharray: 0.8 1.6; }
        ol.events { list-style: none; margin: 0; padding: 6px 12px; background: #fff; border: 1px solid #d8dee4; border-radius: 8px;
                    font-size: 13px; max-height: 420px; overflow-y: auto; }
        ol.events li { padding: 2px 0; }
        ol.events .when { display: inline-block; min-width: 190px; color: #57606a; font-variant-numeric: tabular-nums; }
        path.event { fill: #8c959f; }
        line.dst { stroke: #bc4c00; stroke-width: 1.5; stroke-dasharray: 3 2; }
        line.zone-change { stroke: #8250df; stroke-width: 2.5; }
        line.horizon { stroke: #cf222e; stroke-width: 1.5; stroke-dasharray: 4 2; }
        rect.plot { fill: #ffffff; stroke: #d0d7de; }
        line.grid { stroke: #eaeef2; }
        line.day-tick { stroke: #8c959f; }
        path.pending-area { fill: #4e79a7; fill-opacity: 0.14; }
        path.pending-line { fill: none; stroke: #4e79a7; stroke-width: 1.8; }
        line.limit { stroke: #cf222e; stroke-width: 1.5; }
        line.capacity { stroke: #57606a; stroke-dasharray: 5 3; }
        line.coverage { stroke: #1a7f37; stroke-width: 2; }
        .limit-label { font-size: 11px; fill: #cf222e; }
        .capacity-label { font-size: 11px; fill: #57606a; }
        .coverage-label { font-size: 11px; fill: #1a7f37; }
        path.refresh { fill: #1f2328; }
        .totals { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
        table { border-collapse: collapse; background: #fff; border: 1px solid #d8dee4; font-size: 13px; }
        th, td { padding: 5px 12px; border-bottom: 1px solid #eaeef2; text-align: left; }
        th { font-weight: 600; color: #424a53; background: #f6f8fa; }
        tfoot td { font-weight: 600; border-bottom: none; }
        .number { text-align: right; font-variant-numeric: tabular-nums; }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 7px; }
        dl { display: grid; grid-template-columns: max-content auto; gap: 4px 14px; margin: 0; font-size: 13px; }
        dt { color: #57606a; }
        dd { margin: 0; }

        """
}
