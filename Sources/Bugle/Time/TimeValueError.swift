import Foundation

/// A date or time of day that cannot be made, with what is wrong and where:
///
/// ```
/// "8:3" is not a time of day: the hour must be two digits, found "8"; expected HH:MM or HH:MM:SS
/// "2026-02-30" is not a date: the day must be 1 to 28 in February 2026, found 30; expected YYYY-MM-DD
/// (hour: 24, minute: 0, second: 0) is not a time of day: the hour must be 0 to 23, found 24
/// ```
///
/// ``LocalTime/init(parsing:)``, ``LocalDate/init(parsing:)``,
/// ``LocalDateTime/init(parsing:)``, ``LocalTime/init(hour:minute:second:)`` and
/// ``LocalDate/init(year:month:day:)`` throw it.
public struct TimeValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being made.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A ``LocalTime``.
        case time
        /// A ``LocalDate``.
        case date
        /// A ``LocalDateTime``.
        case dateTime

        /// The form text must take: `HH:MM or HH:MM:SS`, `YYYY-MM-DD`,
        /// `YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS`.
        public var form: String {
            switch self {
            case .time: "HH:MM or HH:MM:SS"
            case .date: "YYYY-MM-DD"
            case .dateTime: "YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS"
            }
        }

        /// `a time of day`, `a date`, `a date and time`.
        var noun: String {
            switch self {
            case .time: "a time of day"
            case .date: "a date"
            case .dateTime: "a date and time"
            }
        }
    }

    /// What was being made.
    public let kind: Kind
    /// The value as given: the text that was parsed (`8:3`), or the fields that were passed
    /// (`hour: 24, minute: 0, second: 0`).
    public let value: String
    /// Whether ``value`` is text that was parsed rather than fields that were passed.
    public let isText: Bool
    /// The field at fault (`hour`, `minute`, `second`, `year`, `month`, `day`), or `nil`
    /// when the text does not have the expected shape at all.
    public let field: String?
    /// What is wrong: `the hour must be 0 to 23, found 24`.
    public let problem: String

    /// An error about `text` that was parsed as `kind`.
    public init(_ kind: Kind, text: String, field: String?, _ problem: String) {
        self.init(kind, value: text, isText: true, field: field, problem)
    }

    /// An error about `fields` (written `hour: 24, minute: 0`) that were passed to make `kind`.
    public init(_ kind: Kind, fields: String, field: String?, _ problem: String) {
        self.init(kind, value: fields, isText: false, field: field, problem)
    }

    private init(_ kind: Kind, value: String, isText: Bool, field: String?, _ problem: String) {
        self.kind = kind
        self.value = value
        self.isText = isText
        self.field = field
        self.problem = problem
    }

    /// The same problem, reported about `text`, the whole text a part of which was parsed as
    /// `kind`'s part: a date-time's date or time.
    func within(_ kind: Kind, text: String) -> TimeValueError {
        TimeValueError(kind, text: text, field: field, problem)
    }

    /// `"8:3" is not a time of day: <problem>; expected HH:MM or HH:MM:SS` for text,
    /// `(hour: 24, minute: 0, second: 0) is not a time of day: <problem>` for fields.
    public var description: String {
        isText ? "\"\(value)\" is not \(kind.noun): \(problem); expected \(kind.form)" : "(\(value)) is not \(kind.noun): \(problem)"
    }

    /// `the <field> must be <range>, found <value>`, when `value` is outside `range`.
    static func outside(_ range: ClosedRange<Int>, _ value: Int, field: String, in context: String = "") -> (field: String, problem: String)? {
        range.contains(value) ? nil : (field, "the \(field) must be \(range.lowerBound) to \(range.upperBound)\(context), found \(value)")
    }
}
