import Crypto
import Foundation
import Testing

@testable import FactsServer

/// `POST /api/devices/register`: what a device gets back, and every way a client can get
/// the body wrong.
@Suite struct RegisterDeviceTests {
    @Test(arguments: Backend.all)
    func registrationsThatArriveTogetherAreEachStoredWithTheirOwnKey(backend: Backend) async throws {
        let limits = try ServerLimits(registrationsPerAddress: 1000, registrationsInTotal: 1000)
        try await TestServer.with(backend, limits: limits) { server in
            let keys = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<60 {
                    group.addTask { try await server.registeredKey() }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(Set(keys).count == 60)
            for key in keys {
                let digest = DeviceKey.digest(of: key)
                #expect(try await server.database.storedDigest(matching: digest) == digest)
            }
        }
    }

    @Test(arguments: Backend.all)
    func aBatchOfDevicesIsStoredInOneStatementOrNotAtAll(backend: Backend) async throws {
        try await TestDatabase.with(backend) { database, _ in
            let registration = DeviceRegistration(platform: .ios, model: "iPhone15,2", osVersion: "17.4", language: .en)
            let first = NewDevice(registration: registration, keyDigest: Array(repeating: 1, count: 32), createdAt: "2026-01-15T12:00:00Z")
            let second = NewDevice(registration: registration, keyDigest: Array(repeating: 2, count: 32), createdAt: "2026-01-15T12:00:00Z")
            try await database.insertDevices([first, second])
            #expect(try await database.storedDigest(matching: second.keyDigest) == second.keyDigest)
            // A digest already stored fails the statement: the new one beside it is not kept.
            let third = NewDevice(registration: registration, keyDigest: Array(repeating: 3, count: 32), createdAt: "2026-01-15T12:00:00Z")
            await #expect(throws: (any Error).self) { try await database.insertDevices([third, first]) }
            #expect(try await database.storedDigest(matching: third.keyDigest) == nil)
        }
    }

    @Test(arguments: Backend.all)
    func registrationAnswers201WithAFreshBase64URLKeyOfAtLeast32Bytes(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let answer = try await server.register(TestServer.validRegistration)
            #expect(answer.status == 201)
            #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
            let key = try #require(try answer.object()["device_key"] as? String)
            #expect(key.unicodeScalars.allSatisfy { CharacterSet.base64URL.contains($0) }, "\(key)")
            let bytes = try #require(Data(base64URL: key))
            #expect(bytes.count >= 32)

            let second = try await server.registeredKey()
            #expect(second != key)
        }
    }

    @Test(arguments: Backend.all)
    func devicesRegisteringAtOnceAllGetWorkingKeys(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let keys = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await server.registeredKey() }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(Set(keys).count == 20)
            for key in keys {
                let answer = try await server.get("/api/metadata?language=tr", key: key)
                #expect(answer.status == 200)
            }
        }
    }

    @Test(arguments: Backend.all)
    func theDatabaseKeepsOnlyTheKeysSHA256Digest(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            let key = try await server.registeredKey()
            let rows = try await server.database.database.withSession { executor in
                try await executor.query("SELECT * FROM devices")
            }
            let row = try #require(rows.first)
            #expect(row.values.contains(.blob(Array(SHA256.hash(data: Data(key.utf8))))))
            for value in row.values {
                if case .text(let text) = value {
                    #expect(!text.contains(key))
                }
            }
            #expect(row.values.contains(.text("iPhone15,2")))
            #expect(row.values.contains(.text("17.4")))
            #expect(row.values.contains(.text("2026-01-15T12:00:00Z")))
        }
    }

    @Test(arguments: Backend.all, RegistrationMistake.all)
    func aWrongFieldIs400NamingTheField(backend: Backend, mistake: RegistrationMistake) async throws {
        try await TestServer.with(backend) { server in
            let answer = try await server.request("POST", "/api/devices/register", body: Data(mistake.body.utf8))
            try answer.expectError(400, "invalid_parameter", parameter: mistake.parameter)
        }
    }

    @Test(arguments: Backend.all, ["{\"platform\": \"ios\",", "platform=ios", "", "[1, 2]", "\"ios\"", "null", "{\"platform\": 'ios'}"])
    func aBodyThatIsNotAJSONObjectIs400InvalidJSON(backend: Backend, body: String) async throws {
        try await TestServer.with(backend) { server in
            let answer = try await server.request("POST", "/api/devices/register", body: Data(body.utf8))
            try answer.expectError(400, "invalid_json")
        }
    }

    @Test(arguments: Backend.all)
    func aBodyOverTheLimitIs413(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            var registration = TestServer.validRegistration
            registration["padding"] = String(repeating: "x", count: 20_000)
            let answer = try await server.register(registration)
            try answer.expectError(413, "content_too_large")
        }
    }

    @Test(arguments: Backend.all)
    func fieldsTheContractDoesNotNameAreIgnored(backend: Backend) async throws {
        try await TestServer.with(backend) { server in
            var registration = TestServer.validRegistration
            registration["push_token"] = "abc"
            let answer = try await server.register(registration)
            #expect(answer.status == 201)
        }
    }
}

/// A registration body with one thing wrong, and the field a 400 must name.
struct RegistrationMistake: Sendable, CustomTestStringConvertible {
    let name: String
    let body: String
    let parameter: String

    var testDescription: String { name }

    private static func body(_ changes: [String: String]) -> String {
        var fields = [
            "platform": "\"ios\"", "model": "\"iPhone15,2\"", "os_version": "\"17.4\"", "language": "\"en\"",
        ]
        for (field, value) in changes {
            fields[field] = value == "<absent>" ? nil : value
        }
        return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }

    static let all: [RegistrationMistake] = [
        .init(name: "platform missing", body: body(["platform": "<absent>"]), parameter: "platform"),
        .init(name: "model missing", body: body(["model": "<absent>"]), parameter: "model"),
        .init(name: "os_version missing", body: body(["os_version": "<absent>"]), parameter: "os_version"),
        .init(name: "language missing", body: body(["language": "<absent>"]), parameter: "language"),
        .init(name: "platform a number", body: body(["platform": "1"]), parameter: "platform"),
        .init(name: "model a boolean", body: body(["model": "true"]), parameter: "model"),
        .init(name: "os_version a number", body: body(["os_version": "17.4"]), parameter: "os_version"),
        .init(name: "language null", body: body(["language": "null"]), parameter: "language"),
        .init(name: "model an object", body: body(["model": "{}"]), parameter: "model"),
        .init(name: "model empty", body: body(["model": "\"\""]), parameter: "model"),
        .init(name: "os_version blank", body: body(["os_version": "\"   \""]), parameter: "os_version"),
        .init(name: "platform unknown", body: body(["platform": "\"windows\""]), parameter: "platform"),
        .init(name: "language unknown", body: body(["language": "\"xx\""]), parameter: "language"),
        .init(name: "language in capitals", body: body(["language": "\"EN\""]), parameter: "language"),
        .init(name: "model too long", body: body(["model": "\"\(String(repeating: "m", count: 201))\""]), parameter: "model"),
    ]
}

extension CharacterSet {
    /// The alphabet of base64url without padding.
    static let base64URL = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
}

extension Data {
    /// Decodes base64url without padding.
    init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
