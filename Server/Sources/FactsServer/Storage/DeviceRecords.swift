/// What a device tells the service when it registers.
struct DeviceRegistration: Sendable, Equatable {
    let platform: Platform
    let model: String
    let osVersion: String
    let language: Components.Schemas.Language
}

/// A device to store: what it told the service, its key's digest, and when it registered.
struct NewDevice: Sendable {
    let registration: DeviceRegistration
    let keyDigest: [UInt8]
    let createdAt: String
}

extension FactsDatabase {
    /// Stores devices, each under the SHA-256 digest of its key (the key itself is never
    /// stored), in one statement: all of them or, when it fails, none.
    func insertDevices(_ devices: [NewDevice]) async throws {
        guard !devices.isEmpty else { return }
        let rows = devices.indices.map { index in
            "(" + (1...6).map { "$\(index * 6 + $0)" }.joined(separator: ", ") + ")"
        }
        let binds = devices.flatMap { device -> [SQLValue] in
            [
                .blob(device.keyDigest), .text(device.registration.platform.rawValue), .text(device.registration.model),
                .text(device.registration.osVersion), .text(device.registration.language.rawValue), .text(device.createdAt),
            ]
        }
        try await database.withSession { executor in
            try await executor.query(
                "INSERT INTO devices (key_digest, platform, model, os_version, language, created_at) VALUES " + rows.joined(separator: ", "),
                binds
            )
        }
    }

    /// The stored digest equal to `keyDigest`, or `nil` when no device has it.
    ///
    /// The look-up is by digest, so its timing says nothing about the key; the caller
    /// still compares the digest it gets back in constant time.
    func storedDigest(matching keyDigest: [UInt8]) async throws -> [UInt8]? {
        try await database.withSession { executor in
            try await executor.query("SELECT key_digest FROM devices WHERE key_digest = $1", [.blob(keyDigest)])
                .first?.blob(0)
        }
    }
}
