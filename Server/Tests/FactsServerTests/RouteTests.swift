import Foundation
import Testing

/// Paths and methods the API does not have: a JSON 404, or a 405 that lists the methods
/// the path takes.
@Suite struct RouteTests {
    @Test(arguments: Backend.all, ["/", "/api", "/api/fact", "/api/devices", "/api/facts/17", "/facts", "/api/metadata/en"])
    func anUnknownPathIs404NotFound(backend: Backend, path: String) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            try await server.get(path, key: key).expectError(404, "not_found")
            try await server.request("POST", path, body: Data("{}".utf8)).expectError(404, "not_found")
        }
    }

    @Test(
        arguments: Backend.all,
        [
            ("GET", "/api/devices/register", "POST"),
            ("PUT", "/api/devices/register", "POST"),
            ("DELETE", "/api/devices/register", "POST"),
            ("POST", "/api/facts", "GET, HEAD"),
            ("PATCH", "/api/facts", "GET, HEAD"),
            ("DELETE", "/api/metadata", "GET, HEAD"),
            ("POST", "/api/metadata", "GET, HEAD"),
        ])
    func aWrongMethodIs405WithTheAllowedOnes(backend: Backend, request: (method: String, path: String, allowed: String)) async throws {
        let (method, path, allowed) = request
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let answer = try await server.request(method, path, key: key, body: method == "GET" ? nil : Data("{}".utf8))
            try answer.expectError(405, "method_not_allowed")
            #expect(answer.headers["allow"] == allowed)
        }
    }

    @Test(arguments: Backend.all)
    func headAnswersLikeGetWithoutABody(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let answer = try await server.request("HEAD", "/api/facts?language=en", key: key)
            #expect(answer.status == 200)
            #expect(answer.body.isEmpty)
        }
    }
}
