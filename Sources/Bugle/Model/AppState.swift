import Foundation

/// A snapshot of what the app knows, which rule conditions and policies read.
///
/// Keys are the app's own (`playedToday`, `streak`, `forecastFetchedAt`). The snapshot is a
/// value: planning never sees it change under its feet.
public struct AppState: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// Every value, by key.
    public var values: [String: JSONValue]

    /// A snapshot holding `values`; empty by default.
    public init(_ values: [String: JSONValue] = [:]) { self.values = values }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The value under `key`, `nil` when none is stored; setting `nil` removes the key.
    public subscript(key: String) -> JSONValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// A date stored under `key`, either as seconds since 1970 or as an ISO 8601 string with an offset.
    public func date(_ key: String) -> Date? {
        switch values[key] {
        case .int(let seconds): Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds): Date(timeIntervalSince1970: seconds)
        case .string(let text): TimeParsing.instant(text)
        default: nil
        }
    }
}
