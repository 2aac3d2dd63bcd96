import Bugle
import BugleLab
import Foundation
import Testing

/// Population files: what a person writes, and what they are told when it is wrong.
@Suite struct PopulationFileTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples/lab").standardized

    func error(_ json: String) -> String {
        do {
            _ = try Population.json(Data(json.utf8))
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func theExampleFileIsTheBuiltInDefault() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("default-population.json"))
        #expect(try Population.json(data) == Population.default)
    }

    @Test func theSecondExampleIsAnotherValidPopulation() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("night-owls.json"))
        let population = try Population.json(data)
        #expect(population != Population.default)
        #expect(population.name == "night-owls")
    }

    @Test func theLapsesExampleIsTheDefaultWithLapses() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("lapses.json"))
        var population = try Population.json(data)
        #expect(population.name == "lapses")
        #expect(population.lapse == Lapse(daily: 0.02, meanDays: 10, responsiveness: 0, activity: 0))
        population.name = Population.default.name
        population.lapse = Population.default.lapse
        #expect(population == Population.default)
    }

    @Test func aLapseSectionGivesOnlyWhatItChanges() throws {
        #expect(Population.default.lapse.daily == 0)
        let population = try Population.json(Data(#"{"lapse": {"daily": 0.05, "responsiveness": 0.25}}"#.utf8))
        #expect(population.lapse == Lapse(daily: 0.05, meanDays: Population.default.lapse.meanDays, responsiveness: 0.25, activity: 0))
    }

    @Test func aFileGivesOnlyWhatItChanges() throws {
        let population = try Population.json(Data(#"{"users": 500, "churn": {"perIgnore": 0.01}, "timing": {"halfLife": 14}}"#.utf8))
        #expect(population.users == 500)
        #expect(population.churn.perIgnore == 0.01)
        #expect(population.churn.tolerance == Population.default.churn.tolerance)
        #expect(population.timing.halfLife == 14)
        #expect(population.days == Population.default.days)
    }

    @Test(arguments: [
        (#"{"users": 0}"#, "users: 0 is outside 1…1000000"),
        (#"{"days": 4000}"#, "days: 4000 is outside 7…3660"),
        (#"{"churn": {"perIgnore": 2}}"#, "churn.perIgnore: 2.0 is outside 0.0…1.0"),
        (#"{"peakOpenRate": {"mean": 1.5, "sd": 0.1}}"#, "peakOpenRate.mean: 1.5 is outside 0.0…1.0"),
        (
            #"{"chronotypes": [{"weight": 1, "peakHour": 8, "spreadHours": 1}, {"weight": 1, "peakHour": 25, "spreadHours": 1}]}"#,
            "chronotypes[1].peakHour: 25.0 is outside 0.0…23.99"
        ),
        (#"{"chronotypes": [{"weight": 1, "peakHour": 8}]}"#, "chronotypes[0].spreadHours: missing"),
        (#"{"chronotypes": []}"#, "chronotypes: 0 is outside 1…8"),
        (#"{"timing": {"slotMinutes": 3}}"#, "timing.slot: 3 min is outside 5…240 min"),
        (#"{"fatigue": {"reduceAfter": 0}}"#, "fatigue.reduceAfter: 0 is outside 1…29"),
        (#"{"churn": {"perIgnor": 0.1}}"#, "churn.perIgnor: unknown field; expected one of tolerance, perIgnore, maximum, daily"),
        (#"{"users": "many"}"#, "users: expected a number"),
        (#"{"copy": {"variants": 1}}"#, "copy.variants: 1 is outside 2…50"),
        (#"{"copy": {"recencyPenalty": 1.5}}"#, "copy.recencyPenalty: 1.5 is outside 0.0…1.0"),
        (#"{"start": "2026-13-01"}"#, "start: "),
        (#"{"lapse": {"daily": 1.5}}"#, "lapse.daily: 1.5 is outside 0.0…1.0"),
        (#"{"lapse": {"daily": -0.01}}"#, "lapse.daily: -0.01 is outside 0.0…1.0"),
        (#"{"lapse": {"meanDays": 0.5}}"#, "lapse.meanDays: 0.5 is outside 1.0…365.0"),
        (#"{"lapse": {"meanDays": 400}}"#, "lapse.meanDays: 400.0 is outside 1.0…365.0"),
        (#"{"lapse": {"responsiveness": -0.5}}"#, "lapse.responsiveness: -0.5 is outside 0.0…1.0"),
        (#"{"lapse": {"responsiveness": 1.01}}"#, "lapse.responsiveness: 1.01 is outside 0.0…1.0"),
        (#"{"lapse": {"activity": 2}}"#, "lapse.activity: 2.0 is outside 0.0…1.0"),
        (#"{"lapse": {"activity": -1}}"#, "lapse.activity: -1.0 is outside 0.0…1.0"),
        (#"{"lapse": {"days": 10}}"#, "lapse.days: unknown field; expected one of daily, meanDays, responsiveness, activity"),
        (#"{"lapse": 0.02}"#, "lapse: expected a section of fields"),
    ])
    func aWrongFieldIsNamed(json: String, expected: String) {
        let message = error(json)
        #expect(message.hasPrefix(expected), "\(message)")
    }

    @Test func aLabRefusesAPopulationOutOfRange() {
        var population = Population.default
        population.drift.jumpChance = -0.1
        #expect(throws: PopulationError.self) { try Lab(population: population, seed: 1) }
        population = Population.default
        population.lapse.meanDays = .nan
        do {
            _ = try Lab(population: population, seed: 1)
            Issue.record("a mean lapse of nan days was accepted")
        } catch {
            #expect(error.description == "lapse.meanDays: nan is outside 1.0…365.0")
        }
    }
}
