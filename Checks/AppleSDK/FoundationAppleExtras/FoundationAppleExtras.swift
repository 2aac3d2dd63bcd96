// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Apple's `import Foundation` brings API that swift-corelibs-foundation on Linux lacks: the
// Foundation notification names below, and all of Core Foundation (Foundation re-exports it, and
// toll-free bridges NSNumber and CFNumber). Only what the Apple layer uses is declared. The
// script makes every `import Foundation` of the checked sources import this module as well.
import Foundation

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
