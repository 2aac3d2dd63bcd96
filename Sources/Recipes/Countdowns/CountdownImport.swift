import Bugle
import Foundation

/// Reads the app's stored `countdowns` array as is.
///
/// ```swift
/// let events = try CountdownImport.events(from: storedJSON)
/// ```
public enum CountdownImport {
    /// The events of a JSON array in the app's stored shape.
    ///
    /// Each event's id must be its own (two events with one id would share their
    /// reminders' ids), and its dates within `TimeParsing/supportedYears`.
    ///
    /// - Throws: ``CountdownImportError`` naming the event and the field at fault.
    public static func events(from data: Data) throws(CountdownImportError) -> [Countdown] {
        let events: [Countdown]
        do {
            events = try JSONDecoder().decode([Countdown].self, from: data)
        } catch let error as DecodingError {
            throw CountdownImportError(error, data: data)
        } catch {
            throw CountdownImportError(index: nil, eventID: nil, eventName: nil, field: nil, problem: "not a JSON array of countdowns")
        }
        var seen: [String: Int] = [:]
        for (index, event) in events.enumerated() {
            if let first = seen[event.id] {
                throw CountdownImportError(
                    index: index, eventID: event.id, eventName: event.name, field: "id",
                    problem: "the id is used by countdowns[\(first)] too; every countdown needs its own")
            }
            seen[event.id] = index
            let years = TimeParsing.supportedYears
            for (field, date) in [("date", event.date), ("nextOccurrenceAt", event.nextOccurrenceAt), ("originalDateAt", event.originalDateAt)] {
                let year = ZoneRules(timeZone: event.reminderPlan.timezone, from: date, through: date).localDate(at: date).year
                guard years.contains(year) else {
                    throw CountdownImportError(
                        index: index, eventID: event.id, eventName: event.name, field: field,
                        problem: "the year \(year) is outside the supported years, \(years.lowerBound) to \(years.upperBound)")
                }
            }
        }
        return events
    }
}

/// A stored event that could not be read: which one (by position, id and name when they
/// could be read) and which field.
public struct CountdownImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The event's position in the array.
    public let index: Int?
    /// The event's id, when it has one.
    public let eventID: String?
    /// The event's name, when it has one.
    public let eventName: String?
    /// The field's path inside the event: `reminderPlan.timezone`, `reminders[0].fireAtISO`.
    public let field: String?
    /// What was wrong.
    public let problem: String

    init(index: Int?, eventID: String?, eventName: String?, field: String?, problem: String) {
        self.index = index
        self.eventID = eventID
        self.eventName = eventName
        self.field = field
        self.problem = problem
    }

    init(_ error: DecodingError, data: Data) {
        var path: [any CodingKey]
        let problem: String
        switch error {
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
            problem = "missing"
        case .typeMismatch(let type, let context):
            path = context.codingPath
            problem = "expected \(Self.name(of: type))"
        case .valueNotFound(let type, let context):
            path = context.codingPath
            problem = "expected \(Self.name(of: type)), found null"
        case .dataCorrupted(let context):
            path = context.codingPath
            // Foundation's own words for text that is not JSON say nothing of where.
            problem = path.isEmpty ? "not valid JSON" : context.debugDescription
        @unknown default:
            path = []
            problem = "\(error)"
        }
        let index = path.first?.intValue
        if index != nil { path.removeFirst() }
        var field = ""
        for key in path {
            if let position = key.intValue { field += "[\(position)]" } else { field += (field.isEmpty ? "" : ".") + key.stringValue }
        }
        var eventID: String?
        var eventName: String?
        if let index, let array = try? JSONSerialization.jsonObject(with: data) as? [Any], index < array.count,
            let object = array[index] as? [String: Any]
        {
            eventID = object["id"] as? String
            eventName = object["name"] as? String
        }
        self.init(index: index, eventID: eventID, eventName: eventName, field: field.isEmpty ? nil : field, problem: problem)
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        case is Int.Type, is Double.Type: "a number"
        default: "another kind of value"
        }
    }

    /// `countdowns[2] "Mom's birthday" (id e3): reminderPlan.timezone: unknown time zone "Mars/Base"`.
    public var description: String {
        var event = index.map { "countdowns[\($0)]" } ?? "countdowns"
        if let eventName { event += " \"\(eventName)\"" }
        if let eventID { event += " (id \(eventID))" }
        return event + ": " + (field.map { "\($0): " } ?? "") + problem
    }
}
