/// What is wrong with a population, and where: "churn.perIgnore: 2 is outside 0…1".
///
/// The field is named by its path in the file (`chronotypes[1].peakHour`), so a person can
/// find it; a file that cannot be read at all (not JSON, not YAML, a number where a section
/// belongs) says so with the same path.
public struct PopulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's path in the file; empty for the file as a whole.
    public var field: String
    /// What is wrong with it.
    public var message: String

    /// An error about `field`.
    init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    /// An error of the core's about a section (`timing`, `fatigue`): "learned timing: slot: 3 min
    /// is outside 5…240 min" becomes field `timing.slot`, "3 min is outside 5…240 min".
    init(section: String, _ core: String) {
        let sentence = core.split(separator: ": ", maxSplits: 1).dropFirst().first.map(String.init) ?? core
        let parts = sentence.split(separator: ": ", maxSplits: 1)
        guard parts.count == 2 else {
            self.init(section, sentence)
            return
        }
        self.init("\(section).\(parts[0])", String(parts[1]))
    }

    /// "field: message", or the message alone when it is about the whole file.
    public var description: String { field.isEmpty ? message : "\(field): \(message)" }

    /// The error a decoder threw, in the population's words: a ``PopulationError`` as it is; a
    /// `DecodingError` with the path of the field it is about; anything else as its description.
    public init(reading error: any Error) {
        switch error {
        case let error as PopulationError:
            self = error
        case let error as DecodingError:
            switch error {
            case .typeMismatch(let type, let context):
                self.init(Self.path(context.codingPath), "expected \(Self.name(of: type))")
            case .valueNotFound(let type, let context):
                self.init(Self.path(context.codingPath), "expected \(Self.name(of: type)), found nothing")
            case .keyNotFound(let key, let context):
                self.init(Self.path(context.codingPath + [key]), "missing")
            case .dataCorrupted(let context):
                self.init(Self.path(context.codingPath), context.debugDescription)
            @unknown default:
                self.init("", "\(error)")
            }
        default:
            self.init("", "\(error)")
        }
    }

    /// `chronotypes[1].peakHour` from a coding path.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        default: "a section of fields"
        }
    }
}
