// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Apple's `import Foundation` brings API that swift-corelibs-foundation on Linux lacks: the
// Foundation notification names and LocalizedStringResource below, URLSession and its types, and
// all of Core Foundation (Foundation re-exports it, and toll-free bridges NSNumber and CFNumber,
// NSString and CFString, NSDictionary and CFDictionary). Only what the checked code uses is
// declared. The script makes every `import Foundation` of the checked sources import this module
// as well.
import Foundation

// Apple's Foundation declares URLSession, URLRequest and HTTPURLResponse; swift-corelibs-foundation
// moved them to FoundationNetworking, which Apple's platforms do not have (the script makes
// `canImport(FoundationNetworking)` false). Re-exported, so that `import Foundation` in a checked
// file finds them where Apple's does; their members are Linux's, not transcriptions.
@_exported import FoundationNetworking

extension NSNotification.Name {
    // NSDate.h: FOUNDATION_EXPORT NSNotificationName const NSSystemClockDidChangeNotification
    //     API_AVAILABLE(macos(10.6), ios(4.0), watchos(2.0), tvos(9.0));
    // Swift (developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nssystemclockdidchange):
    // `static let NSSystemClockDidChange: NSNotification.Name`
    public static let NSSystemClockDidChange = NSNotification.Name("NSSystemClockDidChangeNotification")
}

// CFBase.h: typedef unsigned long CFTypeID;  Swift: `typealias CFTypeID = UInt`
public typealias CFTypeID = UInt

// CFBase.h: typedef const CF_BRIDGED_TYPE(id) void * CFTypeRef;  Swift: `typealias CFTypeRef = AnyObject`
public typealias CFTypeRef = AnyObject

// CFNumber.h: typedef const struct CF_BRIDGED_TYPE(NSNumber) __CFNumber * CFNumberRef;
// Swift: `class CFNumber`, toll-free bridged with NSNumber, so `number as CFNumber` compiles for an
// NSNumber. Linux has no such bridging; a type alias is the only way to accept the same `as`. It
// also accepts an NSNumber where a CFNumber is expected without `as`, which Apple's compiler
// rejects: the one place where this stand-in is looser than the SDK.
public typealias CFNumber = NSNumber

// CFBase.h: CF_EXPORT CFTypeID CFGetTypeID(CFTypeRef cf);
// Swift (developer.apple.com/documentation/corefoundation/cfgettypeid(_:)): `func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID`
public func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID { fatalError("stand-in") }

// CFNumber.h: CF_EXPORT CFTypeID CFBooleanGetTypeID(void);
// Swift (developer.apple.com/documentation/corefoundation/cfbooleangettypeid()): `func CFBooleanGetTypeID() -> CFTypeID`
public func CFBooleanGetTypeID() -> CFTypeID { fatalError("stand-in") }

// CFNumber.h: CF_EXPORT Boolean CFNumberIsFloatType(CFNumberRef number);
// Swift (developer.apple.com/documentation/corefoundation/cfnumberisfloattype(_:)): `func CFNumberIsFloatType(_ number: CFNumber!) -> Bool`
public func CFNumberIsFloatType(_ number: CFNumber!) -> Bool { fatalError("stand-in") }

// MacTypes.h: typedef SInt32 OSStatus;  Swift: `typealias OSStatus = Int32`
// (developer.apple.com/documentation/kernel/osstatus). Apple's Foundation brings it through Core
// Foundation; the Security stand-in's functions return it.
public typealias OSStatus = Int32

// CFBase.h: typedef const struct CF_BRIDGED_TYPE(NSString) __CFString * CFStringRef;
// Swift: `class CFString`, toll-free bridged with NSString, so `string as CFString`, `cfString as
// String` and `kSecClass as String` compile (developer.apple.com/documentation/corefoundation/cfstring).
// As for CFNumber above, a type alias is the only way Linux accepts the same `as` conversions
// (swift-corelibs-foundation bridges String and NSString); it also accepts an NSString where a
// CFString is expected without `as`, which Apple's compiler rejects.
public typealias CFString = NSString

// CFDictionary.h: typedef const struct CF_BRIDGED_TYPE(NSDictionary) __CFDictionary * CFDictionaryRef;
// Swift: `class CFDictionary`, toll-free bridged with NSDictionary, so `[String: Any]() as
// CFDictionary` compiles (developer.apple.com/documentation/corefoundation/cfdictionary). A type
// alias, for the same reason and with the same looseness as CFString.
public typealias CFDictionary = NSDictionary

// Foundation (Swift overlay, iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0):
// `struct LocalizedStringResource` (developer.apple.com/documentation/foundation/localizedstringresource),
// which swift-corelibs-foundation lacks. Declared: the conformances the page lists that matter to
// a caller (Equatable, Hashable, Codable, Sendable, ExpressibleByStringLiteral) and
// `init(stringLiteral value: String)` (…/localizedstringresource/init(stringliteral:)). Not
// declared: ExpressibleByStringInterpolation (its interpolation type is
// `String.LocalizationValue.StringInterpolation`), `init(_:table:locale:bundle:comment:)` and the
// properties, so an interpolated literal fails here although Apple's compiler accepts it.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct LocalizedStringResource: Equatable, Hashable, Codable, Sendable, ExpressibleByStringLiteral {
    // Swift: `init(stringLiteral value: String)`
    public init(stringLiteral value: String) { fatalError("stand-in") }
}
