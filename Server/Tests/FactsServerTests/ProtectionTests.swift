import Foundation
import Logging
import Testing

@testable import FactsServer

/// The limits that keep one client, or all of them, from taking the service down, and what
/// the service lets out about itself: no stack trace or SQL in a body, no key in a log.
@Suite struct ProtectionTests {
    static let limits = try! ServerLimits(registrationsPerAddress: 3, registrationsInTotal: 5)

    @Test func anAddressGetsItsBurstThenWaitsForATokenToRefill() {
        var limiter = RegistrationLimiter(Self.limits, now: .zero)
        for _ in 0..<3 {
            #expect(limiter.admit("10.0.0.1", at: .zero) == .allowed)
        }
        // 3 a minute: one token every 20 s.
        #expect(limiter.admit("10.0.0.1", at: .zero) == .refused(retryAfter: 20, scope: .address))
        #expect(limiter.admit("10.0.0.1", at: .seconds(15)) == .refused(retryAfter: 5, scope: .address))
        #expect(limiter.admit("10.0.0.1", at: .seconds(20)) == .allowed)
        #expect(limiter.admit("10.0.0.1", at: .seconds(20)) == .refused(retryAfter: 20, scope: .address))
    }

    @Test func theTotalLimitCountsEveryAddress() {
        var limiter = RegistrationLimiter(Self.limits, now: .zero)
        for address in ["a", "b", "c", "d", "e"] {
            #expect(limiter.admit(address, at: .zero) == .allowed)
        }
        // 5 a minute in all: one token every 12 s.
        #expect(limiter.admit("f", at: .zero) == .refused(retryAfter: 12, scope: .total))
        #expect(limiter.admit("f", at: .seconds(12)) == .allowed)
    }

    @Test func aRefusalTakesNoToken() {
        var limiter = RegistrationLimiter(try! ServerLimits(registrationsPerAddress: 1, registrationsInTotal: 1), now: .zero)
        #expect(limiter.admit("a", at: .zero) == .allowed)
        for _ in 0..<10 {
            #expect(limiter.admit("b", at: .zero) == .refused(retryAfter: 60, scope: .total))
        }
        #expect(limiter.admit("b", at: .seconds(60)) == .allowed)
    }

    @Test func theLimiterRemembersABoundedNumberOfAddresses() {
        let limits = try! ServerLimits(registrationsPerAddress: 1, registrationsInTotal: 10_000_000)
        var limiter = RegistrationLimiter(limits, now: .zero)
        for index in 0..<(RegistrationLimiter.maximumAddresses + 10) {
            _ = limiter.admit("10.\(index)", at: .milliseconds(index))
        }
        #expect(limiter.rememberedAddresses <= RegistrationLimiter.maximumAddresses)
        // The latest addresses are still held to their limit.
        let latest = "10.\(RegistrationLimiter.maximumAddresses + 9)"
        #expect(limiter.admit(latest, at: .milliseconds(RegistrationLimiter.maximumAddresses + 10)) != .allowed)
    }

    @Test(arguments: [
        (1023, 20, 6_000, "maximumBodySize (--max-body-size) must be from 1024 to 1048576 bytes, not 1023"),
        (16_384, 0, 6_000, "registrationsPerAddress (--register-rate-per-address) must be from 1 to 100000 a minute, not 0"),
        (16_384, 20, 10_000_001, "registrationsInTotal (--register-rate-global) must be from 1 to 10000000 a minute, not 10000001"),
    ])
    func aLimitOutsideItsRangeIsRefusedSayingWhy(body: Int, perAddress: Int, total: Int, message: String) {
        #expect {
            try ServerLimits(maximumBodySize: body, registrationsPerAddress: perAddress, registrationsInTotal: total)
        } throws: { error in
            (error as? ConfigurationError)?.message == message
        }
    }

    @Test(arguments: Backend.all)
    func registrationsPastTheLimitAre429WithRetryAfter(backend: Backend) async throws {
        let clock = ManualClock()
        try await TestServer.with(backend, limits: Self.limits, clock: clock) { server in
            for _ in 0..<3 {
                _ = try await server.registeredKey()
            }
            let refused = try await server.register(TestServer.validRegistration)
            try refused.expectError(429, "too_many_requests")
            #expect(refused.headers["retry-after"] == "20")
            // Other endpoints are not limited.
            clock.advance(by: .seconds(20))
            let key = try await server.registeredKey()
            #expect(try await server.get("/api/metadata?language=en", key: key).status == 200)
            try await server.register(TestServer.validRegistration).expectError(429, "too_many_requests")
        }
    }

    @Test(arguments: Backend.all)
    func aBodyOverAConfiguredLimitIs413(backend: Backend) async throws {
        try await TestServer.with(backend, limits: try ServerLimits(maximumBodySize: 1024)) { server in
            let padding = String(repeating: "x", count: 1100)
            let answer = try await server.request(
                "POST", "/api/devices/register", body: Data("{\"padding\": \"\(padding)\"}".utf8))
            try answer.expectError(413, "content_too_large")
            #expect(try answer.error()["message"] as? String == "the body must be at most 1024 bytes")
        }
    }

    @Test(arguments: Backend.all)
    func aBodyThatIsNotJSONByItsContentTypeIs415(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let body = try JSONSerialization.data(withJSONObject: TestServer.validRegistration)
            let answer = try await server.request("POST", "/api/devices/register", body: body, headers: ["Content-Type": "text/plain"])
            try answer.expectError(415, "unsupported_media_type")
            let charset = try await server.request(
                "POST", "/api/devices/register", body: body, headers: ["Content-Type": "Application/JSON; charset=utf-8"])
            #expect(charset.status == 201, "\(charset.text)")
        }
    }

    @Test(arguments: Backend.all)
    func anAcceptHeaderThatAllowsNoJSONIs406(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let answer = try await server.request("GET", "/api/metadata?language=en", key: key, headers: ["Accept": "text/html"])
            try answer.expectError(406, "not_acceptable")
            let wildcard = try await server.request("GET", "/api/metadata?language=en", key: key, headers: ["Accept": "text/html, */*;q=0.1"])
            #expect(wildcard.status == 200)
        }
    }

    @Test(arguments: Backend.all)
    func aFailureShowsNoStackTraceOrSQLAndIsLogged(backend: Backend) async throws {
        let logs = CapturedLogs()
        try await TestServer.with(backend, logger: logs.logger()) { server in
            let key = try await server.registeredKey()
            _ = try await server.database.database.withSession { executor in
                try await executor.query("DROP TABLE facts")
            }
            let answer = try await server.get("/api/facts?language=en", key: key)
            try answer.expectError(500, "internal_error")
            for leak in ["SELECT", "facts f", "FROM", "sqlite", "postgres", "PSQLError", ".swift", "Error(", "\n"] {
                #expect(!answer.text.localizedCaseInsensitiveContains(leak), "the body shows \(leak): \(answer.text)")
            }
            #expect(logs.records.contains { $0.level == .error && $0.message == "request failed" })
        }
    }

    @Test(arguments: Backend.all)
    func everyRequestIsLoggedWithoutItsDeviceKey(backend: Backend) async throws {
        let logs = CapturedLogs()
        try await TestServer.with(backend, logger: logs.logger()) { server in
            let key = try await server.registeredKey()
            #expect(try await server.get("/api/facts?language=en", key: key).status == 200)
            #expect(try await server.get("/api/metadata?language=en", key: key + "x").status == 401)
            let requests = logs.records.filter { $0.message == "request" }
            #expect(requests.map { $0.metadata["http.status"] } == ["201", "200", "401"])
            #expect(requests.map { $0.metadata["http.path"] } == ["/api/devices/register", "/api/facts", "/api/metadata"])
            #expect(requests.allSatisfy { $0.metadata["client.address"] == "127.0.0.1" && $0.metadata["http.duration_ms"] != nil })
            for record in logs.records {
                #expect(!record.text.contains(key), "a log shows the device key: \(record.text)")
            }
        }
    }
}
