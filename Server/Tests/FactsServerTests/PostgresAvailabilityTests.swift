import FactsServer
import Foundation
import Testing

/// Whether the PostgreSQL half of the suite runs: skipped with a message locally when no
/// server is configured, a failure in CI (`CI=true`) when none is reachable.
@Suite struct PostgresAvailabilityTests {
    @Test(
        .enabled(
            if: Backend.all.contains(.postgres),
            "PostgreSQL tests skipped: FACTS_TEST_POSTGRES_URL is not set (Server/Scripts/start-postgres.sh starts a server and prints it)"
        ))
    func theConfiguredServerAnswers() async throws {
        try await TestDatabase.with(.postgres, seeded: false) { database, _ in
            let isEmpty = try await database.isEmpty()
            #expect(isEmpty)
        }
    }
}
