import Foundation

/// Where the content service's device key is kept.
///
/// The key is the device's credential: whoever holds it downloads as the device. On a phone
/// it belongs in the Keychain (`KeychainDeviceKeyStore`, on Apple's platforms), apart from
/// the app's data, which is backed up and can be copied off the device with the SQLite
/// file. ``DatabaseDeviceKeyStore`` keeps it beside the app's data, as earlier versions did
/// everywhere: the default, and what Linux and the command-line tool use.
///
/// ``FactsDownloader`` reads the key from its store before each step, saves the key the
/// service gives when it registers the device, and moves a key an earlier version left in
/// the database into its store the first time it reads it.
public protocol DeviceKeyStore: Sendable {
    /// The stored key, or `nil` when the device is not registered.
    func load() throws -> String?
    /// Keeps `key`, replacing any key stored before.
    func save(_ key: String) throws
    /// Removes the key; removing a key that is not there is no error.
    func delete() throws
}

/// The device key in the store's flag table (`factsADay.deviceKey`), in the same SQLite file
/// as the app's data: where every earlier version kept it, and the default where there is
/// no Keychain.
public struct DatabaseDeviceKeyStore: DeviceKeyStore {
    /// The database that holds the key.
    public let database: FactsDatabase

    /// The key in `database`.
    public init(database: FactsDatabase) {
        self.database = database
    }

    /// The key in the flag table.
    public func load() throws -> String? { try database.deviceKey() }

    /// Writes the key to the flag table.
    public func save(_ key: String) throws { try database.saveDeviceKey(key) }

    /// Removes the key from the flag table.
    public func delete() throws { try database.removeDeviceKey() }
}

/// `store`, taking over the key an earlier version left in the database: the first load
/// that finds the store empty and a key in the database saves it to the store, then removes
/// it from the database, so the device stays registered and the key leaves the app's data.
struct MovingDeviceKeyStore: DeviceKeyStore {
    /// Where the key goes.
    let store: any DeviceKeyStore
    /// Where earlier versions kept it.
    let earlier: DatabaseDeviceKeyStore

    func load() throws -> String? {
        if let key = try store.load() {
            // A move cut short after the save leaves the old copy behind.
            if try earlier.load() != nil { try earlier.delete() }
            return key
        }
        guard let key = try earlier.load() else { return nil }
        try store.save(key)
        try earlier.delete()
        return key
    }

    func save(_ key: String) throws { try store.save(key) }

    func delete() throws {
        try store.delete()
        try earlier.delete()
    }
}
