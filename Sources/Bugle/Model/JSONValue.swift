import Foundation

/// A JSON value: what app state snapshots and notification payloads hold.
public enum JSONValue: Hashable, Sendable, Codable, CustomStringConvertible {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number (`12`).
    case int(Int)
    /// A number with a fraction (`0.75`), or one too large for an `Int`.
    case double(Double)
    /// A string (`"2026-03-05"`).
    case string(String)
    /// An ordered list of values.
    case array([JSONValue])
    /// Values by key; the order of the keys does not matter.
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let values):
            "{" + values.keys.sorted().map { "\"\($0)\": \(values[$0]!.description)" }.joined(separator: ", ") + "}"
        }
    }

    /// Feeds the value, in a canonical order, into a fingerprint.
    func fingerprint(into hasher: inout Fingerprinter) {
        switch self {
        case .null: hasher.combine(tag: 0)
        case .bool(let value):
            hasher.combine(tag: 1)
            hasher.combine(value ? 1 : 0)
        case .int(let value):
            hasher.combine(tag: 2)
            hasher.combine(value)
        case .double(let value):
            hasher.combine(tag: 3)
            hasher.combine(Int(bitPattern: UInt(value.bitPattern)))
        case .string(let value):
            hasher.combine(tag: 4)
            hasher.combine(value)
        case .array(let values):
            hasher.combine(tag: 5)
            hasher.combine(values.count)
            for value in values { value.fingerprint(into: &hasher) }
        case .object(let values):
            hasher.combine(tag: 6)
            hasher.combine(values.count)
            for key in values.keys.sorted() {
                hasher.combine(key)
                values[key]!.fingerprint(into: &hasher)
            }
        }
    }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByFloatLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue {
    /// A JSON value encoded with its kind spelled out (`{"i":1}`, `{"d":1.0}`, `{"b":true}`),
    /// so that an integer, a whole double and a boolean decode back as what they were. The
    /// platform adapters store a request's metadata this way (BugleApple in `userInfo`,
    /// BugleAndroid in an alarm's extras), where plain JSON would turn `1.0` into `1`.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(JSONValue.Tagged(.double(1)))
    /// let back = try JSONDecoder().decode(JSONValue.Tagged.self, from: data).value  // .double(1.0), not .int(1)
    /// ```
    public struct Tagged: Codable, Hashable, Sendable {
        /// The value.
        public var value: JSONValue

        /// Wraps `value`.
        public init(_ value: JSONValue) { self.value = value }

        private enum Kind: String, CodingKey {
            case null = "n"
            case bool = "b"
            case int = "i"
            case double = "d"
            case string = "s"
            case array = "a"
            case object = "o"
        }

        /// Reads one of `n`, `b`, `i`, `d`, `s`, `a`, `o`; anything else is a `DecodingError`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Kind.self)
            guard let kind = container.allKeys.first, container.allKeys.count == 1 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected one of n, b, i, d, s, a, o"))
            }
            switch kind {
            case .null: value = .null
            case .bool: value = .bool(try container.decode(Bool.self, forKey: kind))
            case .int: value = .int(try container.decode(Int.self, forKey: kind))
            case .double: value = .double(try container.decode(Double.self, forKey: kind))
            case .string: value = .string(try container.decode(String.self, forKey: kind))
            case .array: value = .array(try container.decode([Tagged].self, forKey: kind).map(\.value))
            case .object: value = .object(try container.decode([String: Tagged].self, forKey: kind).mapValues(\.value))
            }
        }

        /// Writes the value under the key of its kind.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Kind.self)
            switch value {
            case .null: try container.encode(0, forKey: .null)
            case .bool(let bool): try container.encode(bool, forKey: .bool)
            case .int(let int): try container.encode(int, forKey: .int)
            case .double(let double): try container.encode(double, forKey: .double)
            case .string(let string): try container.encode(string, forKey: .string)
            case .array(let values): try container.encode(values.map(Tagged.init), forKey: .array)
            case .object(let values): try container.encode(values.mapValues(Tagged.init), forKey: .object)
            }
        }
    }
}
