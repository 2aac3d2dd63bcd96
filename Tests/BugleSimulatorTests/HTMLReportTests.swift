import Bugle
import BugleSimulator
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML page read back as XML: what a reader of the page would see, mark by mark.
struct RenderedPage {
    let text: String
    let document: XMLDocument

    init(_ result: SimulationResult) throws {
        text = HTMLReport.render(result)
        document = try XMLDocument(xmlString: text, options: [])
    }

    func elements(_ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    /// Elements of the timeline (the legend uses the same shapes).
    func timeline(_ xpath: String) throws -> [XMLElement] {
        try elements("//svg[@class='timeline']" + xpath)
    }

    /// The timeline's x at local midnight and at the following midnight, read from its hour lines.
    func hourScale() throws -> (midnight: Double, nextMidnight: Double) {
        let lines = try timeline("//line[@data-hour]")
        let x = Dictionary(uniqueKeysWithValues: lines.map { ($0.string("data-hour")!, $0.number("x1")!) })
        return (try #require(x["0"]), try #require(x["24"]))
    }

    /// Where the timeline draws `time` of any day.
    func x(of time: LocalTime) throws -> Double {
        let scale = try hourScale()
        return scale.midnight + (scale.nextMidnight - scale.midnight) * Double(time.secondOfDay) / 86_400
    }

    /// The band of each day's row: its top and bottom, by local date.
    func rows() throws -> [String: ClosedRange<Double>] {
        let rects = try elements("//rect[@data-date]")
        return Dictionary(
            uniqueKeysWithValues: rects.map { rect in
                let y = rect.number("y")!
                return (rect.string("data-date")!, y...(y + rect.number("height")!))
            })
    }

    /// The local date of the row whose band holds `y`.
    func row(at y: Double) throws -> String? {
        try rows().first { $0.value.contains(y) && $0.value.lowerBound != y && $0.value.upperBound != y }?.key
    }
}

extension XMLElement {
    func string(_ name: String) -> String? { attribute(forName: name)?.stringValue }
    func number(_ name: String) -> Double? { string(name).flatMap(Double.init) }
    /// The text of the element's `<title>`: its tooltip.
    var tooltip: String? { elements(forName: "title").first?.stringValue }
}

/// The local wall-clock time of a moment in a named zone.
func local(_ date: Date, _ zone: String) -> LocalDateTime {
    ZoneRules(timeZone: TimeZone(identifier: zone)!, around: date).localDateTime(at: date)
}

@Suite struct HTMLReportTests {
    func run(_ example: String) async throws -> SimulationResult {
        try await ScenarioRunner(scenario: loadScenario(packageRoot.appendingPathComponent("Examples/\(example)").path)).run()
    }

    @Test(arguments: exampleFiles())
    func everyExampleIsOneWellFormedPageWithAMarkPerDeliveryAndDrop(path: String) async throws {
        let result = try await ScenarioRunner(scenario: loadScenario(path)).run()
        let page = try RenderedPage(result)
        #expect(page.document.rootElement()?.name == "html")
        #expect(try page.elements("//svg").count >= 2)
        let deliveries = try page.timeline("//circle[@class='delivery']")
        #expect(deliveries.count == result.deliveries.count)
        for (mark, delivery) in zip(deliveries, result.deliveries) {
            let tip = try #require(mark.tooltip)
            #expect(tip.contains(local(delivery.at, delivery.timeZone).time.description))
            #expect(tip.contains(delivery.title))
            #expect(tip.contains(delivery.body))
        }
        let drops = try page.timeline("//circle[@class='drop']")
        #expect(drops.count == result.dropped.count)
        for (mark, drop) in zip(drops, result.dropped) {
            #expect(mark.tooltip?.contains("dropped (\(drop.reason)): \(drop.detail)") == true)
        }
        #expect(try page.timeline("//circle[@class='missed']").count == result.missed.count)
    }

    @Test(arguments: exampleFiles())
    func nothingIsLoadedFromElsewhere(path: String) async throws {
        let result = try await ScenarioRunner(scenario: loadScenario(path)).run()
        let page = try RenderedPage(result)
        let text = page.text.lowercased()
        for reference in ["http:", "https:", "src=", "href=", "url(", "@import", "//cdn"] {
            #expect(!text.contains(reference), "the page refers to something outside it: \(reference)")
        }
        #expect(try page.elements("//script | //link | //img | //iframe | //object").isEmpty)
        #expect(try page.elements("//style").count == 1)
    }

    @Test func deliveriesSitAtTheirLocalTimeInTheRowOfTheirLocalDate() async throws {
        let result = try await run("morning-and-evening.yaml")
        let page = try RenderedPage(result)
        let marks = try page.timeline("//circle[@class='delivery']")
        try #require(marks.count == result.deliveries.count)
        for (mark, delivery) in zip(marks, result.deliveries) {
            let time = local(delivery.at, delivery.timeZone)
            #expect(mark.string("data-rule") == delivery.rule)
            #expect(abs(try #require(mark.number("cx")) - (try page.x(of: time.time))) < 0.11)
            #expect(try page.row(at: try #require(mark.number("cy"))) == time.date.description)
        }
        // 08:30 on the wall clock in New York before and after DST and in Tokyo: one column.
        let mornings = zip(marks, result.deliveries).filter { $0.1.rule == "morning" }.map(\.0)
        #expect(Set(mornings.compactMap { $0.number("cx") }) == [try page.x(of: LocalTime("08:30"))])
        #expect(try mornings.compactMap { try page.row(at: $0.number("cy")!) }.contains("2026-03-13"))
        // The webinar, 20:00 in New York on 03-15, is 09:00 on 03-16 in Tokyo.
        let webinar = try #require(zip(marks, result.deliveries).first { $0.1.rule == "webinar" }?.0)
        #expect(webinar.number("cx") == (try page.x(of: LocalTime("09:00"))))
        #expect(try page.row(at: webinar.number("cy")!) == "2026-03-16")
    }

    @Test func dropsAreHollowMarksWithTheirReasonWhereTheyWouldHaveFired() async throws {
        let result = try await run("quiet-hours-and-caps.yaml")
        let page = try RenderedPage(result)
        let marks = try page.timeline("//circle[@class='drop']")
        #expect(Set(marks.compactMap { $0.string("data-reason") }) == ["spacing", "cap", "renotify"])
        #expect(marks.allSatisfy { $0.string("fill") == nil && $0.string("stroke") != nil })
        let stretches = marks.filter { $0.string("data-rule") == "stretch" }
        #expect(!stretches.isEmpty)
        for stretch in stretches {
            #expect(stretch.number("cx") == (try page.x(of: LocalTime("07:15"))))
            #expect(stretch.tooltip?.contains("dropped (spacing)") == true)
        }
    }

    @Test func quietHoursAreShadedOnEveryDayAcrossMidnight() async throws {
        let page = try RenderedPage(try await run("quiet-hours-and-caps.yaml"))
        let scale = try page.hourScale()
        let rows = try page.rows()
        let shades = try page.timeline("//rect[@class='quiet']")
        // 22:00–07:00 wraps midnight: two bands a day, 00:00–07:00 and 22:00–24:00.
        #expect(shades.count == 2 * rows.count)
        for shade in shades {
            let x = try #require(shade.number("x"))
            let end = x + (try #require(shade.number("width")))
            let band = (x, end)
            let morning = (scale.midnight, try page.x(of: LocalTime("07:00")))
            let night = (try page.x(of: LocalTime("22:00")), scale.nextMidnight)
            #expect(abs(band.0 - morning.0) + abs(band.1 - morning.1) < 0.2 || abs(band.0 - night.0) + abs(band.1 - night.1) < 0.2)
            #expect(try page.row(at: shade.number("y")! + 1) != nil)
        }
        #expect(shades.first?.tooltip?.contains("22:00–07:00") == true)

        let withoutQuietHours = try RenderedPage(try await run("budget-competition.yaml"))
        #expect(try withoutQuietHours.timeline("//rect[@class='quiet']").isEmpty)
    }

    @Test func daylightSavingAndZoneChangesAreMarkedOnTheirDays() async throws {
        let page = try RenderedPage(try await run("morning-and-evening.yaml"))
        // New York springs forward at 02:00 on 03-08.
        let dst = try page.timeline("//line[@class='dst']")
        #expect(dst.count == 1)
        #expect(dst.first?.number("x1") == (try page.x(of: LocalTime("02:00"))))
        #expect(try page.row(at: dst[0].number("y1")! + 1) == "2026-03-08")
        // Leaving New York at 12:00 on 03-12, arriving at 01:00 on 03-13 in Tokyo.
        let zone = try page.timeline("//line[@class='zone-change']")
        #expect(zone.count == 2)
        #expect(try zone.map { try page.row(at: $0.number("y1")! + 1) } == ["2026-03-12", "2026-03-13"])
        let expected = [try page.x(of: LocalTime("12:00")), try page.x(of: LocalTime("01:00"))]
        #expect(zone.map { $0.number("x1") } == expected)
        // Each row names its offset.
        let offsets = try page.elements("//text[@class='offset']").compactMap(\.stringValue)
        let dates = try page.elements("//rect[@data-date]").compactMap { $0.string("data-date") }
        let offsetOn = Dictionary(uniqueKeysWithValues: zip(dates, offsets))
        #expect(offsetOn["2026-03-07"] == "-05:00")
        #expect(offsetOn["2026-03-09"] == "-04:00")
        #expect(offsetOn["2026-03-13"] == "+09:00")
    }

    @Test func aPlanRunsOutWhereTheFirstReminderGoesMissing() async throws {
        let result = try await run("budget-competition.yaml")
        let page = try RenderedPage(result)
        let runOuts = try page.timeline("//line[@class='horizon']")
        #expect(runOuts.count == 4)
        let budgetDrops = try page.timeline("//circle[@class='drop'][@data-reason='budget']")
        for line in runOuts {
            let row = try page.row(at: line.number("y1")! + 1)
            #expect(try budgetDrops.contains { try $0.number("cx") == line.number("x1") && page.row(at: $0.number("cy")!) == row })
        }
        #expect(try page.elements("//svg[@class='pending']//line[@class='horizon']").count == runOuts.count)
    }

    @Test func pendingChartReachesTheLimitOnlyWhenTheCenterDid() async throws {
        // The budget example fills all 8 slots; the morning example stops at its capacity, 60 of 64.
        for (example, peakLine) in [("budget-competition.yaml", "limit"), ("morning-and-evening.yaml", "capacity")] {
            let result = try await run(example)
            let page = try RenderedPage(result)
            let path = try #require(try page.elements("//path[@class='pending-line']").first?.string("d"))
            // "M x y H x V y …": the V steps are the counts; the smallest y is the peak.
            let ys = path.split(separator: " ").filter { $0.hasPrefix("V") }.compactMap { Double($0.dropFirst()) }
            let peak = try #require(ys.min())
            let line = try #require(try page.elements("//line[@class='\(peakLine)']").first)
            #expect(peak == line.number("y1"), "\(example)")
            if peakLine == "capacity" {
                #expect(try page.elements("//line[@class='limit']").first!.number("y1")! < peak)
            }
        }
    }

    @Test func coverageHorizonBeyondTheRunIsNamed() async throws {
        let page = try RenderedPage(try await run("morning-and-evening.yaml"))
        let labels = try page.elements("//*[@class='coverage-label']").compactMap(\.stringValue)
        #expect(labels.contains { $0.contains("coverage → Mon 04-13 08:30") })
    }

    @Test func totalsCountDeliveriesAndDropsPerRuleAndReason() async throws {
        let result = try await run("quiet-hours-and-caps.yaml")
        let page = try RenderedPage(result)
        let headers = try page.elements("//thead//th").compactMap(\.stringValue)
        #expect(headers == ["rule", "delivered", "dropped: cap", "dropped: renotify", "dropped: spacing"])
        for row in try page.elements("//tbody/tr") {
            let cells = row.elements(forName: "td").compactMap { $0.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) }
            let rule = cells[0]
            #expect(cells[1] == "\(result.deliveredByRule[rule] ?? 0)")
            for (index, reason) in ["cap", "renotify", "spacing"].enumerated() {
                let count = result.dropped.filter { $0.rule == rule && $0.reason == reason }.count
                #expect(cells[2 + index] == (count == 0 ? "·" : "\(count)"), "\(rule) \(reason)")
            }
        }
        let facts = try page.elements("//dd").compactMap(\.stringValue)
        #expect(facts.contains("\(result.calls.adds) adds, \(result.calls.removes) removes over \(result.refreshes.count) refreshes"))
    }

    @Test func unusualRunsStillMakeAWellFormedPage() async throws {
        let runs = [
            // Never opened: nothing planned, no refreshes, no coverage.
            "start: 2026-03-01T07:00\ntimeZone: UTC\ndays: 2\nrules: [{ id: a, daily: \"08:00\", title: A }]\n",
            // West across the date line: Tokyo's 03-02 morning, then Honolulu's 03-01 evening again.
            """
            start: 2026-03-01T07:00
            timeZone: Asia/Tokyo
            days: 3
            rules: [{ id: a, daily: "08:00", title: A }, { id: b, daily: "20:00", title: B }]
            events:
              - { at: 2026-03-01T07:30, open: {} }
              - { at: 2026-03-02T10:00, timeZone: Pacific/Honolulu }
            """,
            // The user sets the clock back an hour.
            """
            start: 2026-03-01T07:00
            timeZone: Europe/London
            days: 2
            rules: [{ id: a, daily: "08:00", title: A }]
            events:
              - { at: 2026-03-01T07:30, open: {} }
              - { at: 2026-03-01T09:00, clock: 2026-03-01T08:00 }
            """,
        ]
        for yaml in runs {
            let result = try await simulate(yaml)
            let page = try RenderedPage(result)
            let marks = try page.timeline("//circle[@class='delivery']")
            #expect(marks.count == result.deliveries.count)
            for (mark, delivery) in zip(marks, result.deliveries) {
                #expect(try page.row(at: mark.number("cy")!) == local(delivery.at, delivery.timeZone).date.description)
            }
        }
    }

    /// Examples/android-basics.yaml: the page says on Android what the text timeline says, in
    /// the same words: the platform line, each delivery's id, channel and exactness, each alarm
    /// that fired without a notification and why, and the restart, Doze and exact-alarm events.
    @Test func androidDetailsMatchTheTextTimeline() async throws {
        let result = try await run("android-basics.yaml")
        let page = try RenderedPage(result)
        let text = TextReport.render(result)

        let meta = try #require(try page.elements("//p[@class='meta']").first?.stringValue)
        #expect(meta.hasSuffix("Android 14 (API 34): 500 alarms, plans up to 450 · channels reminders (high), tips (low)"))
        #expect(text.contains(meta))

        // Each delivery's tooltip ends with the bracket its text line ends with.
        let marks = try page.timeline("//circle[@class='delivery']")
        try #require(marks.count == result.deliveries.count && !marks.isEmpty)
        let brackets = text.split(separator: "\n").filter { $0.contains("[#") && !$0.contains("not shown") }.map { line in
            String(line[line.range(of: "[#")!.lowerBound...])
        }
        #expect(brackets.count == marks.count)
        for (mark, bracket) in zip(marks, brackets) {
            #expect(mark.tooltip?.hasSuffix("\n" + bracket) == true, "\(mark.tooltip ?? "") lacks \(bracket)")
        }
        let first = try #require(result.deliveries.first?.android)
        // The first morning, before exact alarms were allowed: a window alarm, some seconds late.
        #expect(brackets.first == "[#\(first.id) · reminders (high) · window, \(Int(first.lateBy)) s late]")
        #expect(brackets.contains { $0.hasSuffix(" · reminders (high) · exact]") })

        // The tips channel is off from 03-07: Android 14 tells the app, which plans no more
        // tips, so no alarm fires unseen (androidTextIsEscaped shows those, on Android 8.1).
        #expect(try page.timeline("//circle[@class='not-shown']").isEmpty && result.notShown.isEmpty)

        // The system's events, in the list of events as in the text timeline.
        let events = try page.elements("//ol[@class='events']/li").map { item in
            item.elements(forName: "span").map { $0.stringValue ?? "" }
        }
        #expect(events.count == result.appEvents.count)
        for expected in [
            "device dozing", "device awake (Doze ends)", "exact alarms allowed (SCHEDULE_EXACT_ALARM granted)",
            "channel tips turned off by the user (NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED)",
        ] {
            #expect(events.contains { $0.last == expected }, "no event \(expected)")
            #expect(text.contains("· \(expected)"))
        }
        let restart = try #require(events.first { $0.last?.hasPrefix("device restarted: ") == true })
        #expect(restart.first == "Thu 2026-03-05 03:00 -05:00")

        let cards = try page.elements("//div[@class='card']").map { $0.elements(forName: "div").map { $0.stringValue ?? "" } }
        #expect(!cards.contains { $0.first == "not shown" })
        #expect(cards.contains(["dropped", "3", "silenced 3"]))
        #expect(cards.contains(["exact alarms", "allowed", "allowed at the end"]))
    }

    @Test func androidTextIsEscaped() async throws {
        let result = try await simulate(
            """
            name: escaped on Android
            start: 2026-03-01T07:00
            timeZone: UTC
            days: 2
            platform: android
            androidVersion: 27
            channels: [{ id: tips }]
            rules:
              - id: a
                daily: "08:00"
                title: "<b>Tom & Jerry</b>"
            events:
              - { at: 2026-03-01T07:30, open: {} }
              - { at: 2026-03-01T07:40, channel: { id: tips, enabled: false } }
            """)
        let page = try RenderedPage(result)
        #expect(try page.elements("//b").isEmpty)
        // Android 8.1 does not tell the app that the channel is off: its alarms fire unseen.
        let marks = try page.timeline("//circle[@class='not-shown']")
        #expect(marks.count == 2 && result.notShown.count == 2)
        #expect(marks.allSatisfy { $0.tooltip?.contains("<b>Tom & Jerry</b>\nnot shown: channel tips is off [#") == true })
        for (mark, shown) in zip(marks, result.notShown) {
            #expect(try page.row(at: mark.number("cy")!) == local(shown.at, shown.timeZone).date.description)
        }
        let cards = try page.elements("//div[@class='card']").map { $0.elements(forName: "div").map { $0.stringValue ?? "" } }
        #expect(cards.contains(["not shown", "2", "alarms that fired without a notification (channel off, no permission)"]))
    }

    @Test func scenarioTextIsEscaped() async throws {
        let result = try await simulate(
            """
            name: "Tom & Jerry's <b>week</b>"
            start: 2026-03-01T07:00
            timeZone: UTC
            days: 1
            rules:
              - id: a
                daily: "08:00"
                title: "<script>alert(\\"hi\\")</script> & more"
                body: "a\\x01b ]]> c"
            events:
              - { at: 2026-03-01T07:30, open: {} }
            """)
        let page = try RenderedPage(result)
        #expect(try page.elements("//h1").first?.stringValue == "Tom & Jerry's <b>week</b>")
        #expect(try page.elements("//script | //b").isEmpty)
        let tip = try #require(try page.timeline("//circle[@class='delivery']").first?.tooltip)
        #expect(tip.contains("<script>alert(\"hi\")</script> & more"))
        // A control character XML cannot hold becomes U+FFFD; the rest stays.
        #expect(tip.contains("a\u{FFFD}b ]]> c"))
    }
}
