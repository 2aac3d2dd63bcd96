import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct ScoringTests {
    @Test func bandsAreFlatInsideAndLinearOutside() {
        let upper = UpperBand(idealMax: 2, zeroAt: 9)
        #expect(upper.score(1) == 1)
        #expect(upper.score(5.5) == 0.5)
        #expect(upper.score(9) == 0)
        let lower = LowerBand(idealMin: 20, zeroAt: 15)
        #expect(lower.score(21) == 1)
        #expect(lower.score(17.5) == 0.5)
        #expect(lower.score(14) == 0)
        let comfort = ComfortBand(idealMin: 20, idealMax: 30, zeroBelow: 12, zeroAbove: 38)
        #expect(comfort.score(25) == 1)
        #expect(comfort.score(16) == 0.5)
        #expect(comfort.score(34) == 0.5)
        #expect(comfort.score(40) == 0)
    }

    @Test func everyFactorHalfwayScoresFifty() {
        // Balanced swim: waves 0.5–1.4 m, water 15–20 °C, air 12–20 °C, UV 2–9, wind 12–35 km/h:
        // each value below sits halfway, so every sub-score is 0.5 and the mean is 50.
        let scorer = Scorer(mode: .swimSolo, thresholds: Preset.balanced.thresholds(for: .swimSolo))
        let hour = forecastHour("2026-03-24T09:00+02:00", wave: 0.95, water: 17.5, feels: 16, uv: 5.5, wind: 23.5)
        let score = scorer.score(hour)
        #expect(score.score == 50)
        #expect(score.gate == nil)
        #expect(Set(score.factors.values) == [0.5])
        // Nothing is high enough for a positive chip, nor low enough for a negative one.
        #expect(score.chips.isEmpty)
    }

    @Test func readingsNoForecastHasScoreWithoutTrapping() {
        // A forecast set into the state directly is not checked as a file is: an infinite or
        // NaN reading must still give a score, not stop the app.
        let scorer = Scorer(mode: .swimSolo, thresholds: Preset.balanced.thresholds(for: .swimSolo))
        for reading in [Double.infinity, -.infinity, .nan, 1e308] {
            let score = scorer.score(forecastHour("2026-03-24T09:00+02:00", wave: reading, water: reading, feels: 16, uv: reading, wind: 23.5))
            #expect((0...100).contains(score.score))
        }
    }

    @Test func idealHourScoresHundredWithChipsByWeight() {
        let scorer = Scorer(mode: .swimSolo, thresholds: Preset.balanced.thresholds(for: .swimSolo))
        let score = scorer.score(forecastHour("2026-03-24T09:00+02:00"))
        #expect(score.score == 100)
        // Weights 35, 25, 15, 15, 10: waves, water, then air and UV in factor order, then wind.
        #expect(score.chips.map(\.text) == ["Waves calm", "Warm water", "Pleasant air", "Lower UV", "Light wind"])
    }

    @Test func runDogIsScoredOnAirUVWindAndAirQuality() {
        // Balanced run with the dog: feels 16–25 °C (heat gate 24), weights air 45, UV 25, wind 10, AQI 20.
        // 23 °C: air sub-score (25 − 23) / 9 = 2/9, worth 45 × 2/9 = 10; the rest is ideal: 55.
        let scorer = Scorer(mode: .runDog, thresholds: Preset.balanced.thresholds(for: .runDog))
        let score = scorer.score(forecastHour("2026-03-24T19:00+02:00", feels: 23, uv: 0, wind: 10, aqi: 40))
        #expect(score.score == 65)
        #expect(score.chips.map(\.text) == ["Lower UV", "Clean air", "Light wind", "Too warm"])
        #expect(score.chips.map(\.positive) == [true, true, true, false])
    }

    @Test func heatGateClosesDogHoursOnly() {
        let hour = forecastHour("2026-03-31T10:00+03:00", feels: 24)
        let dog = Scorer(mode: .runDog, thresholds: Preset.balanced.thresholds(for: .runDog)).score(hour)
        #expect(dog.gate == .heat)
        #expect(dog.score == 0)
        let solo = Scorer(mode: .runSolo, thresholds: Preset.balanced.thresholds(for: .runSolo)).score(hour)
        #expect(solo.gate == nil)
        #expect(solo.score > 0)
    }

    @Test func wavesAndAirQualityGateAndPresetsMoveTheGates() {
        let swell = forecastHour("2026-03-24T13:00+02:00", wave: 1.6)
        #expect(Scorer(mode: .swimSolo, thresholds: Preset.balanced.thresholds(for: .swimSolo)).gate(swell) == .waves)
        // Hardy takes 0.3 m more before closing the sea; cautious 0.3 m less.
        #expect(Scorer(mode: .swimSolo, thresholds: Preset.hardy.thresholds(for: .swimSolo)).gate(swell) == nil)
        #expect(
            Scorer(mode: .swimSolo, thresholds: Preset.cautious.thresholds(for: .swimSolo)).gate(forecastHour("2026-03-24T13:00+02:00", wave: 1.3)) == .waves)
        let dust = forecastHour("2026-03-31T12:00+03:00", aqi: 150)
        #expect(Scorer(mode: .runSolo, thresholds: Preset.balanced.thresholds(for: .runSolo)).gate(dust) == .airQuality)
        #expect(
            Scorer(mode: .runSolo, thresholds: Preset.cautious.thresholds(for: .runSolo)).gate(forecastHour("2026-03-31T12:00+03:00", aqi: 125)) == .airQuality)
    }

    @Test func scoreLabels() {
        #expect(ScoreLabel(score: 85) == .perfect)
        #expect(ScoreLabel(score: 84.9) == .good)
        #expect(ScoreLabel(score: 70) == .good)
        #expect(ScoreLabel(score: 50) == .fair)
        #expect(ScoreLabel(score: 49) == .poor)
        #expect(HourScore(time: instant("2026-03-24T07:00+02:00"), mode: .runSolo, score: 71).label == "Good")
        #expect(window("2026-03-24T07:00+02:00", [90, 80]).label == .perfect)
    }
}
