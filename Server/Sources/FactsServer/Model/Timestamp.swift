import Foundation

/// How the service writes an instant: ISO 8601 in UTC to the second, `2026-01-15T00:00:00Z`.
enum Timestamp {
    static func string(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
