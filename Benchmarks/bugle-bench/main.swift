// bugle-bench: median time per operation of Bugle's planning and reconciling.
//
//   swift run -c release bugle-bench            a readable table, targets as PASS/MISS lines
//   swift run -c release bugle-bench --json     one JSON object per line:
//                                                {"name": …, "n": …, "median_ns": …, "calls": …}
//   swift run -c release bugle-bench --quick    every case and every check once, briefly (a few
//                                                seconds, for CI): its figures are rough
//
// The simulator's rows say ok or MISSED against the issue's targets (a user-year ≤ 30 ms of CPU,
// four years ≤ 4× one) and the steady state (the fourth year of four ≤ 1.05× the second); four
// years above 5× one (a cost per day that grows) exits 1.
//
// Every input is fixed: `now` is 2026-03-01T12:00Z, the calendar is Gregorian in
// America/New_York, randomness comes from SplitMix64 with a fixed seed.

import Bugle
import Foundation

struct Row {
    var name: String
    var n: Int
    var medianNanoseconds: Double
    var calls: Int?
    var samples: Int
    var batch: Int
    var p10: Double
    var p90: Double
}

// `--filter TEXT` (for profiling) runs only the cases whose "name n" is TEXT, or whose name
// contains TEXT: `--filter "plan+reconcile 10000"`, `--filter refresh`.
var json = false
var quick = false
var filter: String?
do {
    var remaining = CommandLine.arguments.dropFirst()
    while let argument = remaining.popFirst() {
        switch argument {
        case "--json": json = true
        case "--quick": quick = true
        case "--filter" where !remaining.isEmpty: filter = remaining.popFirst()
        default:
            FileHandle.standardError.write(Data("bugle-bench: unknown argument '\(argument)'; usage: bugle-bench [--json] [--quick] [--filter TEXT]\n".utf8))
            exit(2)
        }
    }
}

@MainActor func enabled(_ name: String, n: Int) -> Bool {
    guard let filter else { return true }
    return "\(name) \(n)" == filter || name.contains(filter)
}

let harness = quick ? Harness.quick : Harness()
var rows: [Row] = []
var notes: [String] = []

@MainActor func record(_ name: String, n: Int, calls: Int?, _ body: () -> Void) {
    guard enabled(name, n: n) else { return }
    let measurement = harness.measure(body)
    let row = Row(
        name: name, n: n, medianNanoseconds: measurement.medianNanoseconds, calls: calls,
        samples: measurement.samples, batch: measurement.batch, p10: measurement.p10, p90: measurement.p90)
    rows.append(row)
    if json { print(jsonLine(row)) }
}

@MainActor func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("bugle-bench: check failed: \(message())\n".utf8))
        exit(1)
    }
}

// MARK: 1. plan+reconcile, 5 realistic rules, steady state

let smallPlanner = SmallApp.planner()
let smallPlan = smallPlanner.plan(PlanInput(now: Fixture.now, calendar: Fixture.calendar, history: SmallApp.history))
let smallPending = MiniCenter(smallPlan.requests).requests
do {
    let (plan, changes) = planAndReconcile(smallPlanner, pending: smallPending, history: SmallApp.history)
    check(plan.entries.count == 64, "5-rule plan should fill the budget of 64, has \(plan.entries.count)")
    check(changes.isEmpty, "steady state should need no call, needs \(changes.callCount)")
    let horizon = plan.report.coverage.horizon.map { ISO8601.string(from: $0, timeZone: Fixture.timeZone) } ?? "none"
    notes.append(
        "5 rules: \(plan.entries.count) planned, \(plan.report.considered) considered, \(plan.report.dropped.count) dropped, coverage \(plan.report.coverage.limit.rawValue) until \(horizon)"
    )
    record("plan+reconcile", n: 5, calls: changes.callCount) {
        blackHole(planAndReconcile(smallPlanner, pending: smallPending, history: SmallApp.history))
    }
}

// MARK: 2. plan+reconcile at scale

for count in [1_000, 10_000, 100_000] where enabled("plan+reconcile", n: count) {
    let planner = ManyRules.planner(count: count)
    let previous = planner.plan(PlanInput(now: Fixture.now, calendar: Fixture.calendar))
    let pending = MiniCenter(previous.requests).requests
    let (plan, changes) = planAndReconcile(planner, pending: pending)
    check(plan.entries.count == 64, "\(count)-rule plan should fill the budget of 64, has \(plan.entries.count)")
    check(changes.isEmpty, "steady state should need no call, needs \(changes.callCount)")
    notes.append("\(grouped(count)) rules: \(plan.report.considered) considered, \(plan.report.dropped.count) dropped")
    record("plan+reconcile", n: count, calls: changes.callCount) {
        blackHole(planAndReconcile(planner, pending: pending))
    }
}

// The planner reads each rule's fixed first candidate (if any) into its outline once, when
// it is made or its rules change, not at every plan: this row shows that cost, which an app
// pays when it builds its planner, not at each refresh.
for count in [1_000, 10_000, 100_000] where enabled("planner setup", n: count) {
    let rules = ManyRules.rules(count: count)
    record("planner setup", n: count, calls: nil) {
        blackHole(Planner(rules: rules, policies: [ManyRules.quietHours], budget: Fixture.budget))
    }
}

// MARK: 3. reconcile alone, unchanged plan

do {
    let changes = Reconcile.changes(plan: smallPlan, pending: smallPending)
    check(changes.isEmpty, "unchanged plan should need no call")
    record("reconcile unchanged", n: smallPending.count, calls: changes.callCount) {
        blackHole(Reconcile.changes(plan: smallPlan, pending: smallPending))
    }
}

// MARK: 4. naive (remove all, add all) beside reconcile: center calls per refresh

/// Times the diff and its application to a fresh copy of the pending list; the plan is
/// computed beforehand (it is the same for both strategies).
@MainActor func compare(_ label: String, plan: Plan) {
    let center = MiniCenter(smallPending)

    var naive = center
    naive.replaceAll(with: plan)
    check(naive.matches(plan), "naive result should equal the plan")

    var ours = center
    let changes = Reconcile.changes(plan: plan, pending: smallPending)
    ours.apply(changes)
    check(ours.matches(plan), "reconciled result should equal the plan")
    check(ours.calls == changes.callCount, "calls applied \(ours.calls) should equal callCount \(changes.callCount)")

    record("refresh naive, \(label)", n: smallPending.count, calls: naive.calls) {
        var copy = center
        copy.replaceAll(with: plan)
        blackHole(copy)
    }
    record("refresh ours, \(label)", n: smallPending.count, calls: ours.calls) {
        var copy = center
        copy.apply(Reconcile.changes(plan: plan, pending: smallPending))
        blackHole(copy)
    }
}

compare("unchanged", plan: smallPlan)
compare(
    "one-shot retitled",
    plan: SmallApp.planner(dentistTitle: "Dentist at 9:45 (moved)").plan(
        PlanInput(now: Fixture.now, calendar: Fixture.calendar, history: SmallApp.history, pendingRequestIDs: Set(smallPending.map(\.id)))))
compare(
    "daily moved 08:30→08:45",
    plan: SmallApp.planner(morningAt: Fixture.time(8, 45)).plan(
        PlanInput(now: Fixture.now, calendar: Fixture.calendar, history: SmallApp.history, pendingRequestIDs: Set(smallPending.map(\.id)))))

// MARK: Report

func grouped(_ value: Int) -> String {
    let digits = String(value)
    var out = ""
    for (index, character) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(character)
    }
    return out
}

func humanTime(_ ns: Double) -> String {
    if ns < 1_000 { return String(format: "%.1f ns", ns) }
    if ns < 1_000_000 { return String(format: "%.2f µs", ns / 1_000) }
    if ns < 1_000_000_000 { return String(format: "%.2f ms", ns / 1_000_000) }
    return String(format: "%.3f s", ns / 1_000_000_000)
}

func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func jsonLine(_ row: Row) -> String {
    let calls = row.calls.map(String.init) ?? "null"
    return "{\"name\": \(jsonString(row.name)), \"n\": \(row.n), \"median_ns\": \(String(format: "%.1f", row.medianNanoseconds)), \"calls\": \(calls)}"
}

/// The 1-, 5- and 15-minute load averages, where the system tells them (Linux).
func loadAverage() -> String? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    if count >= width { return text }
    let space = String(repeating: " ", count: width - count)
    return right ? space + text : text + space
}

@MainActor func median(of name: String, n: Int) -> Double? {
    rows.first { $0.name == name && $0.n == n }?.medianNanoseconds
}

if !json {
    print("bugle-bench: median time per operation (warm-up, then samples until ~0.5 s or 5,000 samples)")
    print("now 2026-03-01T12:00Z, Gregorian calendar, America/New_York; Budget(platform: .custom(64), safetyMargin: 0)")
    print(
        "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average at the end: \(loadAverage() ?? "unknown") (other work on the machine skews results)"
    )
    print("")
    let header =
        padded("name", 40) + padded("n", 9, right: true) + padded("median", 13, right: true)
        + padded("calls", 7, right: true) + "   " + padded("p10 – p90", 25) + "samples×batch"
    print(header)
    print(String(repeating: "-", count: header.count + 2))
    for row in rows {
        print(
            padded(row.name, 40) + padded(grouped(row.n), 9, right: true)
                + padded(humanTime(row.medianNanoseconds), 13, right: true)
                + padded(row.calls.map(String.init) ?? "–", 7, right: true)
                + "   " + padded("\(humanTime(row.p10)) – \(humanTime(row.p90))", 25) + "\(row.samples)×\(row.batch)")
    }
    print("")
    print("plan+reconcile: one refresh in the steady state: pending = the previous plan; includes building")
    print("  the pending-id set, Planner.plan, Reconcile.changes. Scale rows: n−10 one-shots spread over")
    print("  a year (SplitMix64 seed 0xB061E) + 10 daily rules, quiet hours 22:00–07:00 (defer).")
    print("planner setup: Planner(rules:…) over the scale rows' rules, made beforehand: reading each")
    print("  rule's fixed first candidate into the outline that plans then walk.")
    print("refresh rows: diff + applying it to an in-bench pending list (the plan is computed beforehand);")
    print("  calls = center calls (one per add or remove) per refresh. The in-bench list makes a call")
    print("  nearly free, so these times compare diffing, not the cost of real center calls.")
    for note in notes { print("  " + note) }
    print("")

    print("targets")
    if let small = median(of: "plan+reconcile", n: 5) {
        print("\(small <= 100_000 ? "PASS" : "MISS")  plan+reconcile, 5 rules: \(humanTime(small)) (target ≤ 100 µs)")
    }
    if let tenThousand = median(of: "plan+reconcile", n: 10_000) {
        print("\(tenThousand <= 10_000_000 ? "PASS" : "MISS")  plan+reconcile, 10,000 rules: \(humanTime(tenThousand)) (target ≤ 10 ms)")
    }
    if let tenThousand = median(of: "plan+reconcile", n: 10_000), let hundredThousand = median(of: "plan+reconcile", n: 100_000) {
        let ratio = hundredThousand / tenThousand
        let verdict = ratio <= 12 ? "about linear or better (≤ 12×)" : "worse than linear (> 12×)"
        print("scaling: 100,000 rules / 10,000 rules = \(String(format: "%.2f", ratio))× for 10× the rules: \(verdict)")
        let perRule = [1_000, 10_000, 100_000].compactMap { count in
            median(of: "plan+reconcile", n: count).map { "\(humanTime($0 / Double(count))) at \(grouped(count))" }
        }
        print("  per rule: " + perRule.joined(separator: ", "))
    }
}

// MARK: 5. The store: bulk import, random picks beside ORDER BY RANDOM(), ledger writes

if filter.map({ $0.contains("store") }) ?? true {
    if !json { print("") }
    for row in try await StoreBenchmarks.run(quick: quick) { print(json ? row.json : row.text) }
}

// MARK: 6. Recurrence: occurrences per second beside Foundation's Calendar.RecurrenceRule

if filter.map({ $0.contains("recurrence") }) ?? true {
    if !json { print("") }
    for row in RecurrenceBenchmarks.run(quick: quick) { print(json ? row.json : row.description) }
}

// MARK: 7. The simulator: a simulated user's CPU time per year, and four years beside one

if filter.map({ $0.contains("simulator") }) ?? true {
    if !json { print("") }
    let simulator = try await SimulatorBenchmarks.run(quick: quick)
    for row in simulator.rows { print(json ? row.json : row.text) }
    // A simulator whose cost per day grows with the days behind it fails the run, in CI too.
    check(
        simulator.withinLimit,
        "four simulated years cost more than \(SimulatorBenchmarks.ratioLimit)× one year: the cost of a day grows with the days behind it")
}

// MARK: 8. Learning: one Thompson choice of a learned send time

if filter.map({ $0.contains("learn") }) ?? true {
    if !json { print("") }
    for row in try LearningBenchmarks.run(quick: quick) { print(json ? row.json : row.text) }
}

// MARK: 9. The lab: simulated user-days per minute

if filter.map({ $0.contains("lab") }) ?? true {
    if !json { print("") }
    for row in try await LabBenchmarks.run(quick: quick) { print(json ? row.json : row.text) }
}
