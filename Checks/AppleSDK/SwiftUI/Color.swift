// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from developer.apple.com/documentation/swiftui/color and its pages accentcolor,
// black and white. SwiftUI exists on iOS, macOS, tvOS, visionOS and watchOS; Color is available
// from iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0. Since the iOS 18 SDK the declaration lives in
// SwiftUICore, which SwiftUI re-exports: `import SwiftUI` finds it either way, and AlarmKit's
// declarations name it `SwiftUICore.Color`; the stand-in has one module, SwiftUI.
//
// Only Color is declared, with what the checked code uses. The page lists the conformances
// CustomStringConvertible, Equatable, Hashable, Sendable, ShapeStyle, Transferable and View; the
// last three (protocols this stand-in does not declare) are left out.
import Foundation

// Swift: `@frozen struct Color`
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct Color: Hashable, CustomStringConvertible, Sendable {
    // Swift (…/color/accentcolor): `static var accentColor: Color { get }`
    public static var accentColor: Color { fatalError("stand-in") }

    // Swift (…/color/white): `static let white: Color`, as `static let black: Color` (…/color/black)
    // and the other standard colors.
    public static let white: Color = { fatalError("stand-in") }()

    // CustomStringConvertible
    public var description: String { fatalError("stand-in") }
}
