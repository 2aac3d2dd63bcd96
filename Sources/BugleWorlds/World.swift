import Bugle
import BugleSimulator
import Foundation

/// A random scenario, drawn from a seed: rules of every kind or one of the recipes, a zone,
/// trips east and west, daylight-saving changes, opens, state and settings changes, clock
/// jumps, center faults and app relaunches over the store.
///
/// A world is a scenario file in parts, so that it can be printed (and replayed with
/// `bugle simulate`) and shrunk (by leaving parts out). The same seed always gives the same
/// world: `World(seed:)` is the replay.
public struct World: Sendable, Hashable {
    /// One event of the timeline: when (an instant, written in UTC so that zone changes and
    /// clock jumps cannot reorder it) and what happens, as the entries of a YAML mapping.
    public struct Event: Sendable, Hashable {
        /// The instant in UTC, as a scenario file writes it: `2026-03-06T14:05Z`.
        public var at: String
        /// What happens: the entries of the event's mapping, without braces
        /// (`open: {}, timeZone: Asia/Tokyo`).
        public var body: String
    }

    /// The seed it was drawn from: ``World/init(seed:)`` with it draws the same world again.
    public var seed: UInt64
    /// What kind of world: `rules`, or a recipe's name.
    public var kind: String
    /// Top-level lines other than `rules` and `events` (`name`, `start`, `timeZone`, …).
    public var header: [String]
    /// Each rule as a YAML flow mapping.
    public var rules: [String]
    /// Policies, each as `key: value` (a line under `policies:`).
    public var policies: [String]
    /// The timeline, in order on the device's clock.
    public var events: [Event]
    /// Whether the scheduler keeps its journal in a BugleStore file that a `relaunch` closes
    /// and opens again, rather than in memory.
    public var store: Bool

    /// The scenario file of this world.
    public var yaml: String {
        var lines = ["# A random world: bugle worlds --seed \(seed)\(store ? "" : " (journal in memory)")"]
        lines += header
        if !policies.isEmpty {
            lines.append("policies:")
            lines += policies.map { "  " + $0 }
        }
        if !rules.isEmpty {
            lines.append("rules:")
            lines += rules.map { "  - " + $0 }
        }
        lines.append(events.isEmpty ? "events: []" : "events:")
        lines += events.map { "  - { at: \($0.at), \($0.body) }" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The size a shrink makes smaller: rules, policies and events.
    public var size: Int { rules.count + policies.count + events.count }
}

/// The random draws of one world, from a SplitMix64 sequence.
struct Dice {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B) }

    mutating func next() -> UInt64 { generator.next() }

    /// A whole number in `range` (closed; the range is never empty here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// True with probability `chance`.
    mutating func chance(_ chance: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < chance
    }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// A few of `items`, in their order, at least one.
    mutating func some<T>(_ items: [T]) -> [T] {
        var chosen = items.filter { _ in chance(0.4) }
        if chosen.isEmpty { chosen = [pick(items)] }
        return chosen
    }
}
