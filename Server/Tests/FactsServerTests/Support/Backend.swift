import Foundation
import Testing

/// A database the tests run against. Every API test runs once per backend.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The environment variable that holds the PostgreSQL server's URL for the tests.
    static let postgresURLVariable = "FACTS_TEST_POSTGRES_URL"

    /// `FACTS_TEST_POSTGRES_URL`, when set.
    static var postgresURL: String? {
        ProcessInfo.processInfo.environment[postgresURLVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the tests run in CI (`CI=true`), where PostgreSQL must be there.
    static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// SQLite always; PostgreSQL when a URL is given, and always in CI, so that a CI run
    /// without a server fails instead of passing on SQLite alone.
    static var all: [Backend] {
        postgresURL != nil || isCI ? [.sqlite, .postgres] : [.sqlite]
    }
}
