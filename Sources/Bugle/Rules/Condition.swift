import Foundation

/// A test on the app's state snapshot: "only while `playedToday` is false".
///
/// Most conditions gate a whole rule: when one does not hold, the rule proposes nothing.
/// A condition that reads the occurrence's date (``listsOccurrenceDate(key:)``, alone or
/// inside `not`, `all`, `any`) is tested for each candidate on its local date instead, so
/// that state kept by date ("the days the user practised") drops only those days:
///
/// ```swift
/// condition: .not(.listsOccurrenceDate(key: "practisedDays"))  // ["2026-03-05", …]
/// ```
public indirect enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// The value under `key` equals `value`; a missing key equals `null` only.
    case equals(key: String, value: JSONValue)
    /// The value under `key` is a number greater than `value`.
    case greaterThan(key: String, value: Double)
    /// The value under `key` is a number less than `value`.
    case lessThan(key: String, value: Double)
    /// A value is stored under `key`.
    case exists(key: String)
    /// The value under `key` lists the candidate's local date (`YYYY-MM-DD`): an array
    /// holding that string, or an object with that key whose value is neither `false` nor
    /// `null` (`{"2026-03-05": true}`). Tested per candidate (see above); without a date it
    /// does not hold.
    case listsOccurrenceDate(key: String)
    /// Holds when the condition inside does not.
    case not(Condition)
    /// Holds when every condition inside holds; an empty list holds.
    case all([Condition])
    /// Holds when at least one condition inside holds; an empty list does not.
    case any([Condition])

    /// Whether the condition holds on `state`, for a candidate on the local day `date` (`nil`:
    /// for no day in particular, where ``listsOccurrenceDate(key:)`` does not hold).
    public func evaluate(_ state: AppState, on date: LocalDate? = nil) -> Bool {
        switch self {
        case .equals(let key, let value): (state[key] ?? .null) == value || numericEqual(state[key], value)
        case .greaterThan(let key, let value): (state[key]?.number).map { $0 > value } ?? false
        case .lessThan(let key, let value): (state[key]?.number).map { $0 < value } ?? false
        case .exists(let key): state[key] != nil && state[key] != .null
        case .listsOccurrenceDate(let key): date.map { Self.lists(state[key], $0.description) } ?? false
        case .not(let inner): !inner.evaluate(state, on: date)
        case .all(let conditions): conditions.allSatisfy { $0.evaluate(state, on: date) }
        case .any(let conditions): conditions.contains { $0.evaluate(state, on: date) }
        }
    }

    /// Whether the condition reads the candidate's date, so that it is tested per candidate.
    public var readsOccurrenceDate: Bool {
        switch self {
        case .equals, .greaterThan, .lessThan, .exists: false
        case .listsOccurrenceDate: true
        case .not(let inner): inner.readsOccurrenceDate
        case .all(let conditions), .any(let conditions): conditions.contains { $0.readsOccurrenceDate }
        }
    }

    private static func lists(_ value: JSONValue?, _ day: String) -> Bool {
        switch value {
        case .array(let values)?: values.contains(.string(day))
        case .object(let values)?: values[day].map { $0 != .null && $0 != .bool(false) } ?? false
        default: false
        }
    }

    private func numericEqual(_ lhs: JSONValue?, _ rhs: JSONValue) -> Bool {
        guard let left = lhs?.number, let right = rhs.number else { return false }
        return left == right
    }

    public var description: String {
        switch self {
        case .equals(let key, let value): "\(key) == \(value)"
        case .greaterThan(let key, let value): "\(key) > \(value)"
        case .lessThan(let key, let value): "\(key) < \(value)"
        case .exists(let key): "\(key) exists"
        case .listsOccurrenceDate(let key): "\(key) lists the day"
        case .not(let inner): "not (\(inner))"
        case .all(let conditions): conditions.map(\.description).joined(separator: " and ")
        case .any(let conditions): "(" + conditions.map(\.description).joined(separator: " or ") + ")"
        }
    }
}
