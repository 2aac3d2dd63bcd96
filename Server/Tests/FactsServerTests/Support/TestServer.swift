import FactsServer
import Foundation
import Logging
import ServiceLifecycle
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A content server started by a test on an ephemeral loopback port, over a fresh,
/// seeded database, and an HTTP client that talks to it for real.
struct TestServer: Sendable {
    let port: Int
    let database: FactsDatabase
    let location: TestDatabase.Location

    /// The instant every registration in a test server happens at.
    static let now = Date(timeIntervalSince1970: 1_768_478_400)  // 2026-01-15T12:00:00Z

    /// Starts a server on `backend`, runs `body` against it, and stops it.
    static func with(
        _ backend: Backend,
        seeded: Bool = true,
        corpus: URL = Fixture.corpus,
        limits: ServerLimits = ServerLimits(),
        corpusCheckInterval: Duration = .seconds(1),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = testLogger,
        _ body: (TestServer) async throws -> Void
    ) async throws {
        try await TestDatabase.with(backend, seeded: seeded, corpus: corpus) { database, location in
            let (ports, listening) = AsyncStream.makeStream(of: Int.self)
            let application = try FactsServer(
                database: database, logger: logger, limits: limits, corpusCheckInterval: corpusCheckInterval, clock: clock, now: { now }
            )
            .application(host: "127.0.0.1", port: 0) { port in listening.yield(port) }
            // Stopped by a graceful shutdown, as a signal stops the real one, not by cancellation.
            let services = ServiceGroup(configuration: .init(services: [application], logger: testLogger))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { listening.finish() }
                    try await services.run()
                }
                var iterator = ports.makeAsyncIterator()
                guard let port = await iterator.next() else {
                    try await group.next()
                    throw TestSetupError(description: "the server stopped before it listened")
                }
                do {
                    try await body(TestServer(port: port, database: database, location: location))
                } catch {
                    await services.triggerGracefulShutdown()
                    throw error
                }
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
    }

    /// Sends one request and returns the answer, whatever its status.
    func request(
        _ method: String,
        _ path: String,
        key: String? = nil,
        body: Data? = nil,
        headers: [String: String] = [:]
    ) async throws -> HTTPAnswer {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 30
        // The test sends its own If-None-Match and wants the server's 304, not a cached copy.
        request.cachePolicy = .reloadIgnoringLocalCacheData
        if let key {
            request.setValue(key, forHTTPHeaderField: "X-Device-Key")
        }
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            request.httpBody = body
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            fields[String(describing: name).lowercased()] = String(describing: value)
        }
        return HTTPAnswer(status: http.statusCode, headers: fields, body: data)
    }

    /// `GET path` with `key`.
    func get(_ path: String, key: String?) async throws -> HTTPAnswer {
        try await request("GET", path, key: key)
    }

    /// `POST /api/devices/register` with `body` as JSON.
    func register(_ body: [String: Any]) async throws -> HTTPAnswer {
        try await request("POST", "/api/devices/register", body: try JSONSerialization.data(withJSONObject: body))
    }

    /// A registration that the contract accepts.
    static var validRegistration: [String: Any] {
        [
            "platform": "ios", "model": "iPhone15,2", "os_version": "17.4", "language": "en",
        ]
    }

    /// Registers a device and returns its key.
    func registeredKey() async throws -> String {
        let answer = try await register(Self.validRegistration)
        try #require(answer.status == 201, "registration answered \(answer.status): \(answer.text)")
        return try #require(try answer.object()["device_key"] as? String)
    }
}

/// An HTTP response as a client sees it.
struct HTTPAnswer: Sendable {
    let status: Int
    /// Header names in lower case.
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: body)
        return try #require(value as? [String: Any], "the body is not a JSON object: \(text)")
    }

    /// The `error` object of an error body.
    func error() throws -> [String: Any] {
        try #require(try object()["error"] as? [String: Any], "no error object in \(text)")
    }

    /// Expects a JSON error body with `status`, `code` and, when given, `parameter`.
    func expectError(
        _ status: Int,
        _ code: String,
        parameter: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(self.status == status, "status \(self.status), body \(text)", sourceLocation: sourceLocation)
        #expect(headers["content-type"]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        let error = try error()
        #expect(error["code"] as? String == code, "body \(text)", sourceLocation: sourceLocation)
        #expect((error["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(error["parameter"] as? String == parameter, "body \(text)", sourceLocation: sourceLocation)
    }
}
