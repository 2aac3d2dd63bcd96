import Bugle
import Foundation
import Testing

/// Values an app or a file can hand the core that once trapped (integer overflow, a `Double`
/// that does not fit an `Int`), allocated without bound or were read wrongly: each now gives
/// an answer a user can check.
@Suite struct HostileValueTests {
    @Test(arguments: ["+8:30", "08:+3", "٠٨:٣٠", "08:30 ", "0８:30"])
    func timesAreASCIIDigitsWithoutSign(text: String) {
        #expect(TimeParsing.localTime(text) == nil)
    }

    @Test(arguments: ["2026-+3-01", "+026-03-01", "-123-03-01", "2026-03-+1", "２０２６-03-01"])
    func datesAreASCIIDigitsWithoutSign(text: String) {
        #expect(TimeParsing.localDate(text) == nil)
    }

    @Test(arguments: ["2026-03-08T09:00+18:30", "2026-03-08T09:00+19:00", "2026-03-08T09:00-24:00", "2026-03-08T09:00+1:00", "2026-03-08T09:00+05:30:00"])
    func offsetsBeyondEighteenHoursOrMisshapenAreRefused(text: String) {
        #expect(TimeParsing.dateTime(text) == nil)
    }

    @Test func eighteenHoursIsTheLargestOffset() {
        #expect(TimeParsing.dateTime("2026-03-08T09:00+18:00")?.offset == 64_800)
        #expect(TimeParsing.dateTime("2026-03-08T09:00-18:00")?.offset == -64_800)
    }

    @Test func offsetsWithSecondsArePrintedWhole() {
        // Africa/Monrovia kept -00:44:30 until 1972 (zoneinfo: "-0:44:30 - MMT 1972 Jan 7").
        let rules = ZoneRules(timeZone: zone("Africa/Monrovia"), around: utc(1971, 3, 1))
        #expect(rules.offset(at: utc(1971, 3, 1)) == -2_670)
        #expect(ISO8601.string(from: utc(1971, 3, 1, 12), rules: rules) == "1971-03-01T11:15:30-00:44:30")
        #expect(ISO8601.offsetString(-2_670) == "-00:44:30")
        #expect(ISO8601.offsetString(19_800) == "+05:30")
    }

    @Test func datesFarOutsideTheCalendarDoNotOverflow() {
        #expect(LocalDate(dayNumber: .max) == LocalDate(dayNumber: LocalDate.dayNumberLimit))
        #expect(LocalDate(dayNumber: .min) == LocalDate(dayNumber: -LocalDate.dayNumberLimit))
        #expect(day(2026, 3, 1).adding(days: .max) == LocalDate(dayNumber: LocalDate.dayNumberLimit))
        #expect(day(2026, 3, 1).adding(days: .min) == LocalDate(dayNumber: -LocalDate.dayNumberLimit))
        #expect((try? LocalDate(year: .max, month: 1, day: 1)) == nil)
        #expect(LocalDateTime(localSeconds: .max).date == LocalDate(dayNumber: LocalDate.dayNumberLimit))
    }

    @Test func aLookaheadOfTenToTheTwentyDaysPlansTenYears() {
        let rule = ScheduledRule(id: "daily", schedule: .daily(time(8, 30)), content: NotificationContent(title: "Daily", body: ""))
        let planner = Planner(rules: [rule], budget: Budget(platform: .custom(3), safetyMargin: 0), lookahead: 1e20 * 86_400)
        let plan = planner.plan(PlanInput(now: utc(2026, 3, 1, 12), calendar: gregorian("America/New_York")))
        #expect(plan.entries.map(\.request.id) == ["bugle.daily@2026-03-01", "bugle.daily@2026-03-02", "bugle.daily@2026-03-03"])
        let context = PlanningContext(now: utc(2026, 3, 1), calendar: gregorian("UTC"), lookahead: .infinity)
        #expect(context.lookaheadEnd == utc(2026, 3, 1).addingTimeInterval(PlanningContext.maximumLookahead))
        #expect(PlanningContext(now: utc(2026, 3, 1), calendar: gregorian("UTC"), lookahead: .nan).lookaheadEnd == utc(2026, 3, 1))
    }

    @Test func aPendingLimitOfABillionDoesNotReserveABillionSlots() {
        let rule = ScheduledRule(id: "daily", schedule: .daily(time(8, 30)), content: NotificationContent(title: "Daily", body: ""))
        let planner = Planner(rules: [rule], budget: Budget(platform: .custom(1_000_000_000), safetyMargin: 0), lookahead: 5 * 86_400)
        let plan = planner.plan(PlanInput(now: utc(2026, 3, 1, 12), calendar: gregorian("America/New_York")))
        #expect(plan.entries.count == 5)
        #expect(plan.report.capacity == 1_000_000_000)
    }

    @Test func everyIntMaxDaysFiresOnItsAnchorOnly() {
        let rule = ScheduledRule(
            id: "rare", schedule: .every(days: .max, time: time(9, 0), anchor: day(2026, 3, 3)), content: NotificationContent(title: "Rare", body: ""))
        let plan = Planner(rules: [rule]).plan(PlanInput(now: utc(2026, 3, 1, 12), calendar: gregorian("America/New_York")))
        #expect(plan.entries.map(\.request.id) == ["bugle.rare@2026-03-03"])
    }

    @Test func policiesWithDurationsNoPlanReachesExplainThemselves() {
        let history = DeliveryHistory([
            DeliveredNotification(id: "bugle.a", date: utc(2026, 3, 1, 11), content: NotificationContent(title: "A", body: ""), dedupeKey: "k")
        ])
        let rule = ScheduledRule(id: "b", schedule: .daily(time(8, 30)), content: NotificationContent(title: "B", body: ""), dedupeKey: "k")
        for policy: any Policy in [MinimumSpacing(1e300), NoRenotify(within: 1e300), MinimumSpacing(.infinity)] {
            let plan = Planner(rules: [rule], policies: [policy], lookahead: 3 * 86_400)
                .plan(PlanInput(now: utc(2026, 3, 1, 12), calendar: gregorian("America/New_York"), history: history))
            #expect(plan.entries.isEmpty)
            #expect(
                plan.report.dropped.first?.detail.contains("before") == true || plan.report.dropped.first?.detail.contains("after the previous one") == true)
        }
    }

    @Test func pluralOperandsOfTheSmallestIntAndHugeExponentsDoNotTrap() {
        #expect(PluralOperands(Int.min).i == Int.max)
        #expect(PluralOperands("1c9223372036854775807") == nil)
        #expect(PluralOperands("1.2c6")?.i == 1_200_000)
    }

    @Test func trustedTimeFarFromTheClockDescribesItself() {
        #expect(ClockOffset(seconds: 1e300).description.hasPrefix("the device clock is "))
        #expect(ClockOffset(seconds: 90).description == "the device clock is 1 min 30 s behind (1 source)")
    }

    @Test(arguments: [
        ("FREQ=DAILY;\u{200B}INTERVAL=2", "column 12: U+200B (zero width space)"),
        ("FREQ=DAILY;\u{00A0}INTERVAL=2", "column 12: U+00A0 (no-break space)"),
        ("\u{FEFF}FREQ=DAILY", "column 1: U+FEFF (zero width no-break space)"),
        ("FREQ=DAILY;\u{1B}[31mINTERVAL=2", "column 12: U+001B (escape)"),
        ("FREQ=DAILY; INTERVAL=2", "column 12: U+0020 (space)"),
        ("FREQ=DAILY\u{0}", "column 11: U+0000 (null)"),
    ])
    func invisibleCharactersInARuleAreNamedWithTheirColumn(text: String, message: String) {
        #expect(throws: RecurrenceRuleError.self) { try RecurrenceRule(parsing: text) }
        do {
            _ = try RecurrenceRule(parsing: text)
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test func spacesAndLineEndsAroundARuleAreFine() throws {
        #expect(try RecurrenceRule(parsing: "  FREQ=DAILY;INTERVAL=2 \n").interval == 2)
    }
}
