#if canImport(Security)
    import Foundation
    import Security

    /// The device key in the Keychain, as a generic password (`kSecClassGenericPassword`)
    /// readable after the device's first unlock and never leaving it
    /// (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: no backup, no other device, and a
    /// background refresh before the user unlocks again can still read it).
    ///
    /// The item is found by its service (`kSecAttrService`, ``defaultService`` unless given)
    /// and account (`kSecAttrAccount`, ``defaultAccount`` unless given), in the app's
    /// default access group unless ``accessGroup`` names one (to share the key with an
    /// extension). On macOS it goes to the data protection keychain
    /// (`kSecUseDataProtectionKeychain`), which needs a signed app with an application
    /// identifier.
    ///
    /// ```swift
    /// let downloader = FactsDownloader(service: service, database: database, clock: ContinuousClock(),
    ///                                  deviceKeys: KeychainDeviceKeyStore())
    /// ```
    public struct KeychainDeviceKeyStore: DeviceKeyStore {
        /// The service name of the item unless another is given: `FactsADay.contentService`.
        public static let defaultService = "FactsADay.contentService"
        /// The account name of the item unless another is given: `deviceKey`.
        public static let defaultAccount = "deviceKey"

        /// The item's `kSecAttrService`.
        public let service: String
        /// The item's `kSecAttrAccount`.
        public let account: String
        /// The item's `kSecAttrAccessGroup`; `nil` for the app's default group.
        public let accessGroup: String?

        /// The item named `service` and `account`, in `accessGroup`.
        public init(service: String = Self.defaultService, account: String = Self.defaultAccount, accessGroup: String? = nil) {
            self.service = service
            self.account = account
            self.accessGroup = accessGroup
        }

        /// The attributes that find the item.
        private var query: [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
                kSecUseDataProtectionKeychain as String: true,
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            return query
        }

        /// `SecItemCopyMatching`: the item's data, or `nil` when there is no item.
        public func load() throws -> String? {
            var query = self.query
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess else { throw Self.failure("read", status) }
            guard let data = result as? Data, let key = String(data: data, encoding: .utf8) else {
                throw FactsError(.storage, "the Keychain item \(service)/\(account) does not hold a device key")
            }
            return key
        }

        /// `SecItemAdd`, or `SecItemUpdate` when the item exists (`errSecDuplicateItem`).
        public func save(_ key: String) throws {
            let data = Data(key.utf8)
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let added = SecItemAdd(item as CFDictionary, nil)
            if added == errSecSuccess { return }
            guard added == errSecDuplicateItem else { throw Self.failure("add", added) }
            let changes: [String: Any] = [
                kSecValueData as String: data,
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            let updated = SecItemUpdate(query as CFDictionary, changes as CFDictionary)
            guard updated == errSecSuccess else { throw Self.failure("update", updated) }
        }

        /// `SecItemDelete`; no item is no error.
        public func delete() throws {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw Self.failure("delete", status) }
        }

        private static func failure(_ operation: String, _ status: OSStatus) -> FactsError {
            let reason = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "OSStatus \(status)"
            return FactsError(.storage, "the Keychain could not \(operation) the device key: \(reason) (\(status))")
        }
    }
#endif
