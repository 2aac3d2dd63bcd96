import Foundation

/// A key of the app's state whose value has a Swift type: `StateKey<Int>("streak")`.
///
/// The value is kept in the ``AppState`` as the ``JSONValue`` its `Codable` form encodes to,
/// so that conditions and policies read it as before: a `StateKey<Bool>("playedToday")` is
/// `.bool`, a `StateKey<[LocalDate]>("practisedDays")` an array of `YYYY-MM-DD` strings
/// (what ``Condition/listsOccurrenceDate(key:)`` reads), a `Date` seconds since 1970 (what
/// ``AppState/date(_:)`` and ``Staleness`` read).
///
/// ```swift
/// static let streak = StateKey<Int>("streak")
/// try await scheduler.set(Self.streak, to: 12)
/// let streak = try await scheduler.value(Self.streak)  // 12
/// ```
public struct StateKey<Value: Codable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The key in the ``AppState``.
    public let name: String

    /// The key `name` of values of type `Value`.
    public init(_ name: String) { self.name = name }

    public var description: String { name }
}

/// A state value that could not be turned into the type asked for, or into JSON.
public struct StateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key concerned, when one is.
    public var key: String?
    /// What went wrong.
    public var message: String

    /// An error about the state key `key` (`nil` when no one key is concerned), saying `message`.
    public init(key: String?, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String { key.map { "state key \($0): \(message)" } ?? "state: \(message)" }
}

extension JSONValue {
    /// The JSON form of `value`, as `JSONEncoder` writes it (dates as seconds since 1970).
    public init(encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        self = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
    }

    /// The value decoded as `type`, as `JSONDecoder` reads it (dates as seconds since 1970).
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: JSONEncoder().encode(self))
    }
}

extension AppState {
    /// The value under `key`, decoded; `nil` when none (or `null`) is stored.
    ///
    /// - Throws: ``StateError`` when the stored value is not a `Value`.
    public func value<Value>(_ key: StateKey<Value>) throws -> Value? {
        guard let stored = self[key.name], stored != .null else { return nil }
        do {
            return try stored.decode(as: Value.self)
        } catch {
            throw StateError(key: key.name, message: "holds \(stored), which is not a \(Value.self)")
        }
    }

    /// Stores `value` under `key`, or removes the key when `value` is `nil`.
    ///
    /// - Throws: ``StateError`` when `value` has no JSON form (a `Double.nan`).
    public mutating func set<Value>(_ key: StateKey<Value>, to value: Value?) throws {
        guard let value else {
            self[key.name] = nil
            return
        }
        do {
            self[key.name] = try JSONValue(encoding: value)
        } catch {
            throw StateError(key: key.name, message: "\(value) has no JSON form: \(error)")
        }
    }

    /// The state that `snapshot` encodes to: one key for each of its properties, as its
    /// `Codable` form names them.
    ///
    /// - Throws: ``StateError`` when `snapshot` does not encode to a JSON object (a number,
    ///   an array) or has no JSON form.
    public init(from snapshot: some Encodable) throws {
        let value: JSONValue
        do {
            value = try JSONValue(encoding: snapshot)
        } catch {
            throw StateError(key: nil, message: "\(type(of: snapshot)) has no JSON form: \(error)")
        }
        guard case .object(let values) = value else {
            throw StateError(key: nil, message: "\(type(of: snapshot)) encodes to \(value), not to an object with one key per property")
        }
        self.init(values)
    }

    /// The whole state decoded as `type`, the reverse of ``init(from:)``.
    ///
    /// - Throws: ``StateError`` when the state does not decode as `type`.
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        do {
            return try JSONValue.object(values).decode(as: type)
        } catch {
            throw StateError(key: nil, message: "does not decode as \(type): \(error)")
        }
    }
}
