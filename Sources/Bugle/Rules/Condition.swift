import Foundation

/// A test on the app's state snapshot: "only while `playedToday` is false".
public indirect enum Condition: Hashable, Sendable, CustomStringConvertible {
    /// The value under `key` equals `value`; a missing key equals `null` only.
    case equals(key: String, value: JSONValue)
    /// The value under `key` is a number greater than `value`.
    case greaterThan(key: String, value: Double)
    /// The value under `key` is a number less than `value`.
    case lessThan(key: String, value: Double)
    /// A value is stored under `key`.
    case exists(key: String)
    case not(Condition)
    case all([Condition])
    case any([Condition])

    /// Whether the condition holds on `state`.
    public func evaluate(_ state: AppState) -> Bool {
        switch self {
        case .equals(let key, let value): (state[key] ?? .null) == value || numericEqual(state[key], value)
        case .greaterThan(let key, let value): (state[key]?.number).map { $0 > value } ?? false
        case .lessThan(let key, let value): (state[key]?.number).map { $0 < value } ?? false
        case .exists(let key): state[key] != nil && state[key] != .null
        case .not(let inner): !inner.evaluate(state)
        case .all(let conditions): conditions.allSatisfy { $0.evaluate(state) }
        case .any(let conditions): conditions.contains { $0.evaluate(state) }
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
        case .not(let inner): "not (\(inner))"
        case .all(let conditions): conditions.map(\.description).joined(separator: " and ")
        case .any(let conditions): "(" + conditions.map(\.description).joined(separator: " or ") + ")"
        }
    }
}
