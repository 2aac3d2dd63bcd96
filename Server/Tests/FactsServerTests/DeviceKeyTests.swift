import Foundation
import Testing

@testable import FactsServer

/// The device key in `X-Device-Key`: required on metadata and facts, and only a registered
/// one opens them.
@Suite struct DeviceKeyTests {
    static let protectedPaths = ["/api/metadata?language=en", "/api/facts?language=en"]

    @Test(arguments: Backend.all, protectedPaths)
    func withoutAKeyTheAnswerIs401MissingDeviceKey(backend: Backend, path: String) async throws {
        try await TestServer.with(backend) { server in
            try await server.get(path, key: nil).expectError(401, "missing_device_key")
            try await server.get(path, key: "").expectError(401, "missing_device_key")
        }
    }

    @Test(arguments: Backend.all, protectedPaths)
    func anUnknownKeyIs401InvalidDeviceKey(backend: Backend, path: String) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let altered = String(key.dropLast()) + (key.hasSuffix("A") ? "B" : "A")
            try await server.get(path, key: altered).expectError(401, "invalid_device_key")
            try await server.get(path, key: "not-a-key").expectError(401, "invalid_device_key")
            #expect(try await server.get(path, key: key).status == 200)
        }
    }

    @Test(arguments: Backend.all)
    func aKeyWorksFromEveryLaterRequest(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let first = try await server.registeredKey()
            let second = try await server.registeredKey()
            for key in [first, second, first] {
                #expect(try await server.get("/api/facts?language=de", key: key).status == 200)
            }
        }
    }

    @Test func keysAreRandomAndOfTheDocumentedShape() {
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<50).map { _ in DeviceKey.generate(using: &generator) }
        #expect(Set(keys).count == keys.count)
        for key in keys {
            #expect(key.count == 43)
            #expect(Data(base64URL: key)?.count == 32)
        }
    }

    @Test(
        arguments: [
            ([UInt8](), [UInt8](), true),
            ([1, 2, 3], [1, 2, 3], true),
            ([1, 2, 3], [1, 2, 4], false),
            ([9, 2, 3], [1, 2, 3], false),
            ([1, 2, 3], [1, 2], false),
            ([1, 2], [1, 2, 0], false),
            ([], [0], false),
        ] as [([UInt8], [UInt8], Bool)])
    func constantTimeComparisonAgreesWithEquality(left: [UInt8], right: [UInt8], equal: Bool) {
        #expect(DeviceKey.constantTimeEquals(left, right) == equal)
        #expect(DeviceKey.constantTimeEquals(right, left) == equal)
    }
}
