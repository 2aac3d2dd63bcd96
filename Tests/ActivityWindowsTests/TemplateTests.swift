import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct TemplateTests {
    let templates = Templates(dogName: "Luna", zone: zone)
    let date = LocalDate("2026-06-01")

    /// A window whose hours have the given sub-scores for every factor.
    func scoredWindow(_ start: String, hours: Int, score: Int, mode: ActivityMode, factors: [Factor: Double]) -> ActivityWindow {
        var scored = series(Array(repeating: score, count: hours), from: start, mode: mode)
        for index in scored.indices { scored[index].factors = factors }
        return ActivityWindow(mode: mode, hours: scored)
    }

    func body(_ mode: ActivityMode, _ kind: PlannedNotification.Kind, dogName: String = "Luna") -> String {
        Templates(dogName: dogName, zone: zone).body(
            PlannedNotification(
                id: NotificationID(mode: mode, date: date, windowIndex: 0), mode: mode,
                fireTime: LocalDateTime(date: date, time: NotificationTiming.announcement), kind: kind))
    }

    @Test func titlesUseTheDogsName() {
        #expect(ActivityMode.allCases.map(templates.title) == ["Swim window", "Swim with Luna", "Run window", "Run with Luna"])
        let noName = UserProfile(activitiesEnabled: [.run], dog: .init(hasDog: true), preset: .balanced, privacy: .init(analyticsOptIn: false))
        #expect(Templates(dogName: noName.dogName, zone: zone).title(.runDog) == "Run with your dog")
    }

    @Test func swimSoloTemplates() {
        let swim: [Factor: Double] = [.waves: 1, .water: 0.8, .air: 0.9, .uv: 0.5, .wind: 1]
        let perfect = scoredWindow("2026-06-01T07:00+03:00", hours: 2, score: 90, mode: .swimSolo, factors: swim)
        let good = scoredWindow("2026-06-01T07:00+03:00", hours: 1, score: 75, mode: .swimSolo, factors: swim)
        let backup = scoredWindow("2026-06-01T17:00+03:00", hours: 1, score: 72, mode: .swimSolo, factors: swim)
        #expect(body(.swimSolo, .best(perfect, bundled: nil)) == "The sea is calling. 07:00-09:00 looks perfect.")
        // Waves weigh 35 at 1.0: the top reason.
        #expect(body(.swimSolo, .best(good, bundled: nil)) == "Best time: 07:00-08:00. Waves calm.")
        #expect(body(.swimSolo, .backup(backup, best: good)) == "Backup plan: 17:00-18:00 if morning doesn't work.")
        #expect(body(.swimSolo, .tomorrow(perfect)) == "Tomorrow morning looks good for a swim. 07:00-09:00.")
    }

    @Test func swimDogTemplates() {
        let swim: [Factor: Double] = [.waves: 0.8, .water: 0.5, .air: 1, .uv: 0.5, .wind: 1]
        let perfect = scoredWindow("2026-06-01T07:00+03:00", hours: 2, score: 86, mode: .swimDog, factors: swim)
        let good = scoredWindow("2026-06-01T07:00+03:00", hours: 1, score: 75, mode: .swimDog, factors: swim)
        let backup = scoredWindow("2026-06-01T17:00+03:00", hours: 1, score: 72, mode: .swimDog, factors: swim)
        #expect(body(.swimDog, .best(perfect, bundled: nil)) == "Luna approved. 07:00-09:00 — calm waves, good temps.")
        // Waves 35 × 0.8 = 0.28 beat air 25 × 1 = 0.25.
        #expect(body(.swimDog, .best(good, bundled: nil)) == "07:00-08:00 looks good for a swim with Luna. Waves calm.")
        #expect(body(.swimDog, .backup(backup, best: good)) == "Afternoon backup: 17:00-18:00 works for Luna too.")
        #expect(body(.swimDog, .tomorrow(perfect)) == "Tomorrow's looking good for Luna. Morning swim, calm sea.")
    }

    @Test func runSoloTemplates() {
        let run: [Factor: Double] = [.air: 1, .uv: 1, .wind: 0.6, .airQuality: 0.5]
        let perfect = scoredWindow("2026-06-01T06:00+03:00", hours: 2, score: 92, mode: .runSolo, factors: run)
        let good = scoredWindow("2026-06-01T18:00+03:00", hours: 1, score: 78, mode: .runSolo, factors: run)
        let backup = scoredWindow("2026-06-01T17:00+03:00", hours: 1, score: 72, mode: .runSolo, factors: run)
        #expect(body(.runSolo, .best(perfect, bundled: nil)) == "Lace up. 06:00-08:00 is perfect — cool, calm, clean air.")
        // Air 40 and UV 25 are the two positive chips; wind and air quality are below 0.75.
        #expect(body(.runSolo, .best(good, bundled: nil)) == "18:00-19:00. Cooler temps + lower UV.")
        #expect(body(.runSolo, .backup(backup, best: perfect)) == "Backup plan: 17:00-18:00 if morning doesn't work.")
        #expect(body(.runSolo, .tomorrow(good)) == "Tomorrow evening looks solid for a run. 18:00-19:00.")
    }

    @Test func runDogTemplates() {
        let run: [Factor: Double] = [.air: 0.9, .uv: 1, .wind: 1, .airQuality: 0.3]
        let morning = scoredWindow("2026-06-01T06:00+03:00", hours: 2, score: 90, mode: .runDog, factors: run)
        let evening = scoredWindow("2026-06-01T18:00+03:00", hours: 1, score: 88, mode: .runDog, factors: run)
        let good = scoredWindow("2026-06-01T18:00+03:00", hours: 1, score: 74, mode: .runDog, factors: run)
        #expect(body(.runDog, .best(morning, bundled: nil)) == "Morning run with Luna? 06:00-08:00 before the heat kicks in.")
        #expect(body(.runDog, .best(evening, bundled: nil)) == "Evening run with Luna? 18:00-19:00 once the heat eases.")
        // Air 45 × 0.9 = 0.405, then UV 0.25; wind 0.10 is third.
        #expect(body(.runDog, .best(good, bundled: nil)) == "18:00-19:00 is safe for Luna. Cooler temps, lower UV.")
        #expect(body(.runDog, .backup(good, best: morning)) == "Backup option: 18:00-19:00. Still comfortable for paws.")
        #expect(body(.runDog, .heatWarning(firstHotHour: instant("2026-06-01T11:00+03:00"))) == "No good run windows for Luna today. Too warm.")
        #expect(body(.runDog, .tomorrow(morning)) == "Luna would approve of tomorrow morning. 06:00-08:00.")
    }

    @Test func theDogFallbackStartsASentenceWithACapital() {
        let unnamed = UserProfile(activitiesEnabled: [.swim, .run], dog: .init(hasDog: true), preset: .balanced, privacy: .init(analyticsOptIn: false))
        func text(_ mode: ActivityMode, _ kind: PlannedNotification.Kind) -> String { body(mode, kind, dogName: unnamed.dogName) }
        let swim: [Factor: Double] = [.waves: 0.8, .water: 0.5, .air: 1, .uv: 0.5, .wind: 1]
        let perfectSwim = scoredWindow("2026-06-01T07:00+03:00", hours: 2, score: 86, mode: .swimDog, factors: swim)
        let goodSwim = scoredWindow("2026-06-01T07:00+03:00", hours: 1, score: 75, mode: .swimDog, factors: swim)
        let morningRun = scoredWindow("2026-06-01T06:00+03:00", hours: 2, score: 90, mode: .runDog, factors: [.air: 0.9, .uv: 1, .wind: 1, .airQuality: 0.3])
        // At the start of a sentence, a capital.
        #expect(text(.swimDog, .best(perfectSwim, bundled: nil)) == "Your dog approved. 07:00-09:00 — calm waves, good temps.")
        #expect(text(.runDog, .tomorrow(morningRun)) == "Your dog would approve of tomorrow morning. 06:00-08:00.")
        // Inside a sentence, as it is.
        #expect(text(.swimDog, .best(goodSwim, bundled: nil)) == "07:00-08:00 looks good for a swim with your dog. Waves calm.")
        #expect(text(.swimDog, .tomorrow(perfectSwim)) == "Tomorrow's looking good for your dog. Morning swim, calm sea.")
        #expect(text(.runDog, .heatWarning(firstHotHour: instant("2026-06-01T11:00+03:00"))) == "No good run windows for your dog today. Too warm.")
        #expect(Templates(dogName: unnamed.dogName, zone: zone).title(.swimDog) == "Swim with your dog")
        // A name typed in lower case starts a sentence as a name.
        #expect(body(.swimDog, .best(perfectSwim, bundled: nil), dogName: "luna") == "Luna approved. 07:00-09:00 — calm waves, good temps.")
    }

    @Test func contextsFollowTheAverage() {
        let at85 = window("2026-06-01T07:00+03:00", [85])
        let at84 = window("2026-06-01T07:00+03:00", [84, 85])
        let kind = { (window: ActivityWindow) in
            PlannedNotification(
                id: NotificationID(mode: .swimSolo, date: self.date, windowIndex: 0), mode: .swimSolo,
                fireTime: LocalDateTime(date: self.date, time: NotificationTiming.announcement), kind: .best(window, bundled: nil)
            ).context
        }
        #expect(kind(at85) == .perfect)
        #expect(kind(at84) == .good)
    }
}
