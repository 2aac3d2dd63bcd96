// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from the C declarations of Security.framework/Headers/SecItem.h and SecBase.h and
// their pages on developer.apple.com/documentation/security (each cited below with the Swift form
// and the availability the page gives). The pages of kSecClass, kSecMatchLimit, kSecReturnData,
// SecItemDelete, errSecSuccess and errSecDuplicateItem are not in the stored copy consulted: their
// versions are those of their siblings in the same section of the header (all long before every
// deployment target in Package.swift). Security exists on every Apple platform, so the module is on
// the import path of every configuration.
//
// How Swift imports these C declarations, and how they are written here:
// - `extern const CFStringRef kSecX` is a global `let kSecX: CFString`. Linux has no Core
//   Foundation bridging, so CFString is NSString (see FoundationAppleExtras), and the global is
//   `nonisolated(unsafe)`: an imported C constant is read from any context without a diagnostic,
//   which a Swift 6 compile of a non-Sendable global refuses otherwise.
// - The anonymous `CF_ENUM(OSStatus)` of result codes in SecBase.h imports as one computed global
//   per code: `var errSecSuccess: OSStatus { get }`.
// - `CFTypeRef *result` (nullable) is `UnsafeMutablePointer<CFTypeRef?>?`, a CF_RETURNS_RETAINED
//   result is managed by Swift (no Unmanaged), and a nullable CFStringRef return is `CFString?`.
import Foundation
import FoundationAppleExtras  // CFString, CFDictionary, CFTypeRef, OSStatus: Core Foundation and MacTypes.h

// MARK: Item functions (SecItem.h)

// OSStatus SecItemCopyMatching(CFDictionaryRef query, CFTypeRef * __nullable CF_RETURNS_RETAINED result)
//     API_AVAILABLE(macos(10.6), ios(2.0));
// Swift (…/security/secitemcopymatching(_:_:)), iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0:
// `func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("stand-in")
}

// OSStatus SecItemAdd(CFDictionaryRef attributes, CFTypeRef * __nullable CF_RETURNS_RETAINED result)
//     API_AVAILABLE(macos(10.6), ios(2.0));
// Swift (…/security/secitemadd(_:_:)), iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0:
// `func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError("stand-in")
}

// OSStatus SecItemUpdate(CFDictionaryRef query, CFDictionaryRef attributesToUpdate)
//     API_AVAILABLE(macos(10.6), ios(2.0));
// Swift (…/security/secitemupdate(_:_:)), iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0:
// `func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus`
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { fatalError("stand-in") }

// OSStatus SecItemDelete(CFDictionaryRef query) API_AVAILABLE(macos(10.6), ios(2.0));
// Swift (…/security/secitemdelete(_:)), iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0:
// `func SecItemDelete(_ query: CFDictionary) -> OSStatus`
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError("stand-in") }

// MARK: Item class (SecItem.h)

// extern const CFStringRef kSecClass;
// Swift (…/security/ksecclass): `let kSecClass: CFString` (iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0)
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecClass: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecClassGenericPassword;
// Swift (…/security/ksecclassgenericpassword): `let kSecClassGenericPassword: CFString`
// (iOS 2.0, macOS 10.7, tvOS 9.0, watchOS 2.0)
@available(iOS 2.0, macOS 10.7, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = { fatalError("stand-in") }()

// MARK: Attributes (SecItem.h)

// extern const CFStringRef kSecAttrAccessible;
// Swift (…/security/ksecattraccessible): `let kSecAttrAccessible: CFString` (iOS 4.0, macOS 10.9)
@available(iOS 4.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrAccessible: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
// Swift (…/security/ksecattraccessibleafterfirstunlockthisdeviceonly):
// `let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString` (iOS 4.0, macOS 10.9)
@available(iOS 4.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecAttrAccessGroup;
// Swift (…/security/ksecattraccessgroup): `let kSecAttrAccessGroup: CFString` (iOS 3.0, macOS 10.9)
@available(iOS 3.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecAttrAccount;
// Swift (…/security/ksecattraccount): `let kSecAttrAccount: CFString` (iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0)
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrAccount: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecAttrService;
// Swift (…/security/ksecattrservice): `let kSecAttrService: CFString` (iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0)
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecAttrService: CFString = { fatalError("stand-in") }()

// MARK: Search, return and value keys (SecItem.h)

// extern const CFStringRef kSecMatchLimit;
// Swift (…/security/ksecmatchlimit): `let kSecMatchLimit: CFString` (iOS 2.0, macOS 10.6)
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecMatchLimit: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecMatchLimitOne;
// Swift (…/security/ksecmatchlimitone): `let kSecMatchLimitOne: CFString` (iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0)
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecReturnData;
// Swift (…/security/ksecreturndata): `let kSecReturnData: CFString` (iOS 2.0, macOS 10.6)
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecReturnData: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecValueData;
// Swift (…/security/ksecvaluedata): `let kSecValueData: CFString` (iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0)
@available(iOS 2.0, macOS 10.6, tvOS 9.0, watchOS 2.0, *)
nonisolated(unsafe) public let kSecValueData: CFString = { fatalError("stand-in") }()

// extern const CFStringRef kSecUseDataProtectionKeychain
//     API_AVAILABLE(macos(10.15), ios(13.0), tvos(13.0), watchos(6.0));
// Swift (…/security/ksecusedataprotectionkeychain): `let kSecUseDataProtectionKeychain: CFString`
// (iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0). "The data protection key affects operations
// only in macOS. Other platforms … ignore the key … You can safely use the key on all platforms."
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = { fatalError("stand-in") }()

// MARK: Result codes and their messages (SecBase.h)

// CF_ENUM(OSStatus) { errSecSuccess = 0, … errSecDuplicateItem = -25299, errSecItemNotFound = -25300, … };
// Swift (…/security/errsecsuccess, errsecduplicateitem, errsecitemnotfound), iOS 2.0, macOS 10.0,
// tvOS 9.0, watchOS 2.0: `var errSecSuccess: OSStatus { get }` and likewise.
@available(iOS 2.0, macOS 10.0, tvOS 9.0, watchOS 2.0, *)
public var errSecSuccess: OSStatus { fatalError("stand-in") }

@available(iOS 2.0, macOS 10.0, tvOS 9.0, watchOS 2.0, *)
public var errSecDuplicateItem: OSStatus { fatalError("stand-in") }

@available(iOS 2.0, macOS 10.0, tvOS 9.0, watchOS 2.0, *)
public var errSecItemNotFound: OSStatus { fatalError("stand-in") }

// CFStringRef __nullable SecCopyErrorMessageString(OSStatus status, void * __nullable reserved)
//     API_AVAILABLE(macos(10.3), ios(11.3));
// Swift (…/security/seccopyerrormessagestring(_:_:)), iOS 11.3, macOS 10.3, tvOS 11.3, watchOS 4.3:
// `func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString?`
@available(iOS 11.3, macOS 10.3, tvOS 11.3, watchOS 4.3, *)
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? { fatalError("stand-in") }
