/// What a device tells the service when it registers.
struct DeviceRegistration: Sendable, Equatable {
    let platform: Platform
    let model: String
    let osVersion: String
    let language: Components.Schemas.Language
}

extension FactsDatabase {
    /// Stores a device under the SHA-256 digest of its key; the key itself is never stored.
    func insertDevice(_ device: DeviceRegistration, keyDigest: [UInt8], createdAt: String) async throws {
        try await database.withSession { executor in
            try await executor.query(
                """
                INSERT INTO devices (key_digest, platform, model, os_version, language, created_at)
                VALUES ($1, $2, $3, $4, $5, $6)
                """,
                [
                    .blob(keyDigest), .text(device.platform.rawValue), .text(device.model),
                    .text(device.osVersion), .text(device.language.rawValue), .text(createdAt),
                ]
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
