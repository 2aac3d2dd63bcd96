import ArgumentParser
import Bugle
import BugleSimulator
import BugleStore
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print what a store's rules learned: each holdout's lift, each text's results, each learned send time's evidence.")

    @Option(help: "The store's SQLite file (default: bugle/bugle.sqlite in the platform's application-support folder).")
    var db: String?

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let path = try db ?? storeReportingErrors { try BugleDatabase.defaultLocation().path }
        let report = try storeReportingErrors {
            let store = try BugleDatabase.openReadOnly(at: URL(fileURLWithPath: path))
            return LearningReport(path: path, lifts: HoldoutLift.of(try store.holdoutRecords()), copy: try store.copyStates(), times: try store.states())
        }
        print(format == .json ? try report.json() : report.text(), terminator: "")
    }
}

/// What `bugle report` prints: read from a store, with no rule at hand, so a text's results are
/// its plain counts and a learned time's evidence its totals.
struct LearningReport {
    let path: String
    let lifts: [String: HoldoutLift]
    let copy: [String: CopyState]
    let times: [String: SendTimeState]

    func text() -> String {
        var out = "Learning kept in \(path)\n"
        out += "\nHoldout lift (active within the window after a sent occurrence, minus after a held-out one)\n"
        if lifts.isEmpty { out += "  (no rule has a holdout)\n" }
        for (rule, lift) in lifts.sorted(by: { $0.key < $1.key }) { out += "  \(rule): \(lift)\n" }
        out += "\nTexts\n"
        if copy.isEmpty { out += "  (no rule has several texts)\n" }
        for (rule, state) in copy.sorted(by: { $0.key < $1.key }) {
            out += "  \(rule)\n"
            for (id, counts) in state.variants.sorted(by: { $0.key < $1.key }) {
                let rate = counts.shown > 0 ? String(format: "%.1f %%", 100 * Double(counts.opened) / Double(counts.shown)) : "-"
                out += "    \(id): opened \(counts.opened) of \(counts.shown) (\(rate)), last shown \(counts.lastShown?.description ?? "never")\n"
            }
        }
        out += "\nLearned send times\n"
        if times.isEmpty { out += "  (no rule learns its send time)\n" }
        for (rule, state) in times.sorted(by: { $0.key < $1.key }) {
            let (sends, opens) = (state.sends.reduce(0, +), state.opens.reduce(0, +))
            out +=
                "  \(rule): learning since \(state.startDay), \(String(format: "%.1f", opens)) opens in \(String(format: "%.1f", sends)) weighted sends as of \(state.asOf)\n"
        }
        // What the store holds is escaped line by line: a rule id is not a terminal command.
        return out.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
    }

    func json() throws -> String {
        let object: [String: Any] = [
            "store": path,
            "holdout": lifts.sorted(by: { $0.key < $1.key }).map { rule, lift -> [String: Any] in
                var item: [String: Any] = [
                    "rule": rule, "sent": lift.sent, "sentActive": lift.sentActive, "heldOut": lift.heldOut, "heldOutActive": lift.heldOutActive,
                ]
                if let value = lift.lift, let lower = lift.lower, let upper = lift.upper {
                    item["lift"] = value
                    item["interval95"] = [lower, upper]
                }
                return item
            },
            "texts": copy.sorted(by: { $0.key < $1.key }).map { rule, state -> [String: Any] in
                [
                    "rule": rule,
                    "variants": state.variants.sorted(by: { $0.key < $1.key }).map { id, counts -> [String: Any] in
                        ["id": id, "shown": counts.shown, "opened": counts.opened, "lastShown": counts.lastShown?.description ?? NSNull()]
                    },
                ]
            },
            "sendTimes": times.sorted(by: { $0.key < $1.key }).map { rule, state -> [String: Any] in
                [
                    "rule": rule, "startDay": state.startDay.description, "asOf": state.asOf.description, "sends": state.sends.map(finite),
                    "opens": state.opens.map(finite),
                ]
            },
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A number JSON can hold: a damaged state's infinities and NaNs are `null`.
    private func finite(_ value: Double) -> Any { value.isFinite ? value : NSNull() }
}
