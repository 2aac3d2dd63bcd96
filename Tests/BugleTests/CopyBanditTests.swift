import Foundation
import Testing

@testable import Bugle

/// A rule with several texts: which text a user sees each day, how it learns the one they
/// answer, and what it reports.
@Suite struct CopyBanditTests {
    let london = "Europe/London"

    func variants(_ ids: [String] = ["a", "b", "c"]) -> [ContentVariant] {
        ids.map { ContentVariant(id: $0, content: NotificationContent(title: "Text \($0.uppercased())", body: "Practice for five minutes")) }
    }

    func rule(_ copy: CopyVariants?) -> ScheduledRule {
        ScheduledRule(
            id: "practice", schedule: .daily(time(9, 0)), content: NotificationContent(title: "Practice", body: "Five minutes"), copy: copy)
    }

    func plan(_ rule: ScheduledRule, now: Date, copy: [String: CopyState] = [:], seed: UInt64 = 0) -> Plan {
        var input = PlanInput(now: now, calendar: gregorian(london))
        input.copyLearning = copy
        input.learningSeed = seed
        return Planner(rules: [rule], budget: Budget(platform: .custom(12), safetyMargin: 0)).plan(input)
    }

    /// `days` days of a user who opens each text with its probability in `rates`, on the bandit
    /// alone; what was shown, in order.
    func live(_ bandit: CopyBandit, days: Int, rates: [String: Double], seed: UInt64) -> (shown: [String], state: CopyState) {
        let start = LocalDate("2026-01-01")
        var state = CopyState(startingOn: start)
        var user = SeededGenerator(seed: seed &+ 1)
        var shown: [String] = []
        for offset in 0..<days {
            let day = start.adding(days: offset)
            let choice = bandit.choose(on: day, state: state, seed: seed)
            let opened = Double.random(in: 0..<1, using: &user) < (rates[choice.id] ?? 0)
            state = bandit.recording(state, variant: choice.id, on: day, opened: opened)
            shown.append(choice.id)
        }
        return (shown, state)
    }

    @Test func theTextTheUserAnswersIsLearnedAndReported() throws {
        let bandit = CopyBandit(copy: try CopyVariants(variants: variants()).validated())
        var wins = 0
        for seed in 0..<20 as Range<UInt64> {
            let (shown, state) = live(bandit, days: 120, rates: ["a": 0.1, "b": 0.45, "c": 0.1], seed: seed)
            if shown.suffix(30).count(where: { $0 == "b" }) > 15 { wins += 1 }
            let results = bandit.results(state, on: LocalDate("2026-05-01"))
            #expect(results.map(\.id) == ["a", "b", "c"])
            #expect(results.map(\.shown).reduce(0, +) == 120)
            let b = try #require(results.first { $0.id == "b" })
            #expect(results.allSatisfy { $0.id == "b" || $0.posteriorMean < b.posteriorMean })
        }
        // Most users: the text they answer is shown on most of the last month's days.
        #expect(wins >= 17)
    }

    @Test func equallyGoodTextsTakeTurnsInsteadOfRepeating() throws {
        let bandit = CopyBandit(copy: try CopyVariants(variants: variants()).validated())
        // Without the recency penalty, a text that drew lucky early repeats for days on end.
        let sticky = CopyBandit(copy: try CopyVariants(variants: variants(), recencyPenalty: 0).validated())
        let rates = ["a": 0.2, "b": 0.2, "c": 0.2]
        var (runs, stickyRuns) = (0, 0)
        for seed in 0..<10 as Range<UInt64> {
            let shown = live(bandit, days: 90, rates: rates, seed: seed).shown
            for id in ["a", "b", "c"] { #expect(shown.count(where: { $0 == id }) >= 12, "\(id) shown too rarely: \(shown)") }
            #expect(longestRun(shown) <= 4, "the same text \(longestRun(shown)) days in a row: \(shown)")
            runs += longestRun(shown)
            stickyRuns += longestRun(live(sticky, days: 90, rates: rates, seed: seed).shown)
        }
        #expect(stickyRuns >= 2 * runs)
    }

    func longestRun(_ shown: [String]) -> Int {
        var (longest, run) = (shown.isEmpty ? 0 : 1, 1)
        for index in shown.indices.dropFirst() {
            run = shown[index] == shown[index - 1] ? run + 1 : 1
            longest = max(longest, run)
        }
        return longest
    }

    @Test func thePlanShowsTheTextsTheUserWillSeeAndSaysWhy() throws {
        let now = at(london, 2026, 3, 2, 6, 0)
        let copy = try CopyVariants(variants: variants()).validated()
        let first = plan(rule(copy), now: now, seed: 11)
        let titles = first.requests.map(\.content.title)
        #expect(titles.count == 12)
        // Nothing learned: the texts take turns, never the same two days running.
        #expect(zip(titles, titles.dropFirst()).allSatisfy { $0 != $1 }, "\(titles)")
        #expect(Set(titles) == ["Text A", "Text B", "Text C"])
        #expect(first.entries.first?.candidate.variant?.drawn == true)
        #expect(first.entries.dropFirst().allSatisfy { $0.candidate.variant?.drawn == false })
        #expect(first.entries.first?.candidate.variant?.description.hasPrefix("variant ") == true)
        // Ids are the fixed rule's: a text changes a request's content, not its identity.
        #expect(first.requests.map(\.id) == plan(rule(nil), now: now).requests.map(\.id))
        // The same state and seed: the same texts; a plan an hour later too.
        #expect(plan(rule(copy), now: now, seed: 11).requests.map(\.content) == first.requests.map(\.content))
        #expect(plan(rule(copy), now: now.addingTimeInterval(3_600), seed: 11).requests.map(\.content) == first.requests.map(\.content))
    }

    @Test func aLearnedFavouriteFillsThePlanWithBreaks() throws {
        let now = at(london, 2026, 3, 2, 6, 0)
        let copy = try CopyVariants(variants: variants()).validated()
        let bandit = CopyBandit(copy: copy)
        let start = LocalDate("2025-12-02")
        var state = CopyState(startingOn: start)
        // Three months, up to yesterday: B opened one time in two, A and C one in five.
        for offset in 0..<90 {
            let id = ["a", "b", "c"][offset % 3]
            let opened = id == "b" ? offset % 2 == 0 : offset % 5 == 0
            state = bandit.recording(state, variant: id, on: start.adding(days: offset), opened: opened)
        }
        let titles = plan(rule(copy), now: now, copy: ["practice": state]).requests.map(\.content.title)
        let shown = Dictionary(grouping: titles, by: { $0 }).mapValues(\.count)
        // B is shown most, with breaks: the others fill the days after it.
        #expect((shown["Text B"] ?? 0) > max(shown["Text A"] ?? 0, shown["Text C"] ?? 0), "\(titles)")
        #expect((shown["Text B"] ?? 0) < titles.count, "\(titles)")
        // Had B been opened every time and the others never, it would be every day.
        var certain = CopyState(startingOn: start)
        for offset in 0..<90 {
            let id = ["a", "b", "c"][offset % 3]
            certain = bandit.recording(certain, variant: id, on: start.adding(days: offset), opened: id == "b")
        }
        #expect(plan(rule(copy), now: now, copy: ["practice": certain]).requests.allSatisfy { $0.content.title == "Text B" })
    }

    @Test func aDeliveryCountsForTheTextItShowedOnce() throws {
        let copy = try CopyVariants(variants: variants(), attribution: 3_600).validated()
        let bandit = CopyBandit(copy: copy)
        let zone = ZoneRules(timeZone: TimeZone(identifier: london)!, around: at(london, 2026, 3, 2, 9, 0))
        func delivery(_ id: String, _ day: Int, _ title: String) -> DeliveredNotification {
            DeliveredNotification(
                id: id, date: at(london, 2026, 3, day, 9, 0), content: NotificationContent(title: title, body: "Practice for five minutes"),
                ruleID: "practice")
        }
        let deliveries = [
            delivery("d2", 2, "Text B"), delivery("d3", 3, "Text A"), delivery("d4", 4, "We'll pause these reminders"), delivery("d5", 5, "Text B"),
        ]
        // The 5th's window is still open at 09:30: it is not counted yet.
        let opens = ["d2": at(london, 2026, 3, 2, 9, 20), "d3": at(london, 2026, 3, 3, 11, 0)]
        let state = bandit.settling(
            CopyState(startingOn: LocalDate("2026-03-01")), deliveries: deliveries, opens: opens, now: at(london, 2026, 3, 5, 9, 30), zone: zone)
        let results = bandit.results(state, on: LocalDate("2026-03-05"))
        #expect(results.map { "\($0.id) \($0.opened)/\($0.shown)" } == ["a 0/1", "b 1/1", "c 0/0"])
        #expect(state.settledThrough == at(london, 2026, 3, 4, 9, 0))
        // Counting again changes nothing.
        #expect(bandit.settling(state, deliveries: deliveries, opens: opens, now: at(london, 2026, 3, 5, 9, 30), zone: zone) == state)
    }

    @Test func settingsOutOfRangeSayWhich() {
        func error(_ copy: CopyVariants) -> String {
            do {
                _ = try copy.validated()
                return "no error"
            } catch { return error.description }
        }
        #expect(error(CopyVariants(variants: variants(["a"]))) == "copy variants: variants: 1 is outside 2…50")
        #expect(error(CopyVariants(variants: variants(["a", "a"]))) == "copy variants: variants[1]: the id a is used twice")
        #expect(
            error(CopyVariants(variants: variants(["a"]) + [ContentVariant(id: "b", content: variants(["a"])[0].content)]))
                == "copy variants: variants[1] (b): the same title and body as an earlier variant")
        #expect(error(CopyVariants(variants: variants(), recencyPenalty: 1.5)) == "copy variants: recencyPenalty: 1.5 is outside 0.0…1.0")
        #expect(error(CopyVariants(variants: variants(), halfLife: .nan)) == "copy variants: halfLife: nan days is outside 1.0…365.0 days")
        #expect(error(CopyVariants(variants: variants(), attribution: 10)) == "copy variants: attribution: 10.0 s is outside 300.0…86400.0 s")
    }

    @Test func aDamagedStateNeverTraps() throws {
        let bandit = CopyBandit(copy: try CopyVariants(variants: variants()).validated())
        var state = CopyState(startingOn: LocalDate("2026-01-01"))
        var counts = CopyState.Counts()
        (counts.opens, counts.sends, counts.shown, counts.opened) = (.infinity, -.nan, .max, .max)
        state.variants["b"] = counts
        let choice = bandit.choose(on: LocalDate("2026-01-02"), state: state, seed: 1)
        #expect(["a", "b", "c"].contains(choice.id))
        let recorded = bandit.recording(state, variant: "b", on: LocalDate("2026-01-02"), opened: true)
        #expect(recorded.variants["b"]?.shown == .max)
    }
}
