import Foundation

/// Any JSON value, read without a schema so that every field can be checked on its own
/// and named in the error when it is wrong.
enum JSONValue: Sendable, Equatable, Decodable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses `data` as one JSON document, or says why it is not one.
    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let reason = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw JSONSyntaxError(reason: reason ?? context.debugDescription)
        } catch {
            throw JSONSyntaxError(reason: "\(error)")
        }
    }

    /// The kind of value, with its article, for error messages: "a number".
    var kind: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// Text that is not JSON.
struct JSONSyntaxError: Error, Sendable {
    /// What the parser stumbled on.
    let reason: String
}

/// A field of a JSON object that is missing, of the wrong type, or out of range.
struct FieldError: Error, Sendable, Equatable {
    /// The field's name, as the JSON spells it.
    let field: String
    /// What is wrong, as a sentence that starts with the field's name.
    let message: String
}

/// A JSON object whose fields are read one by one, each read saying what it expected.
struct JSONObject: Sendable {
    let fields: [String: JSONValue]
}

extension JSONObject {
    /// `value` as an object, or a `FieldError` for `field` saying what it is instead.
    init(_ value: JSONValue, field: String) throws(FieldError) {
        guard case .object(let fields) = value else {
            throw FieldError(field: field, message: "\(field) must be an object, not \(value.kind)")
        }
        self.fields = fields
    }

    /// A required, non-empty string.
    func string(_ field: String) throws(FieldError) -> String {
        guard let value = fields[field] else {
            throw FieldError(field: field, message: "\(field) is required")
        }
        guard case .string(let string) = value else {
            throw FieldError(field: field, message: "\(field) must be a string, not \(value.kind)")
        }
        guard !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw FieldError(field: field, message: "\(field) must not be empty")
        }
        return string
    }

    /// A non-empty string, or `nil` when the field is missing or `null`.
    func optionalString(_ field: String) throws(FieldError) -> String? {
        switch fields[field] {
        case nil, .null?: nil
        default: try string(field)
        }
    }

    /// A required array of non-empty strings (possibly an empty array).
    func strings(_ field: String) throws(FieldError) -> [String] {
        guard let value = fields[field] else {
            throw FieldError(field: field, message: "\(field) is required")
        }
        guard case .array(let elements) = value else {
            throw FieldError(field: field, message: "\(field) must be an array of strings, not \(value.kind)")
        }
        var strings: [String] = []
        for element in elements {
            guard case .string(let string) = element else {
                throw FieldError(field: field, message: "\(field) must hold strings only, not \(element.kind)")
            }
            guard !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw FieldError(field: field, message: "\(field) must not hold an empty string")
            }
            strings.append(string)
        }
        return strings
    }

    /// A required nested object.
    func object(_ field: String) throws(FieldError) -> JSONObject {
        guard let value = fields[field] else {
            throw FieldError(field: field, message: "\(field) is required")
        }
        return try JSONObject(value, field: field)
    }

    /// A required string that must be one of `T`'s raw values.
    func oneOf<T: RawRepresentable & CaseIterable>(_ field: String, _ type: T.Type) throws(FieldError) -> T
    where T.RawValue == String {
        let raw = try string(field)
        guard let value = T(rawValue: raw) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw FieldError(field: field, message: "\(field) must be one of \(names), not \"\(raw)\"")
        }
        return value
    }
}
