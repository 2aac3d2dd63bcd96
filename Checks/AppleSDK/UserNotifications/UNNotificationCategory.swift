// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from UserNotifications.framework/Headers/UNNotificationCategory.h,
// UNNotificationAction.h (iOS 15 SDK and later: the `icon:` factories) and
// UNNotificationActionIcon.h, and the pages under developer.apple.com/documentation/usernotifications
// (unnotificationcategory, unnotificationcategoryoptions, unnotificationaction,
// unnotificationactionoptions, untextinputnotificationaction, unnotificationactionicon).
// Every declaration in these headers is API_UNAVAILABLE(tvos) except UNNotificationActionIcon.
import Foundation

#if !os(tvOS)
    // UNNotificationCategory.h:
    // typedef NS_OPTIONS(NSUInteger, UNNotificationCategoryOptions) { ... }
    //     API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos);
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    public struct UNNotificationCategoryOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        // UNNotificationCategoryOptionCustomDismissAction = (1 << 0)
        public static var customDismissAction: UNNotificationCategoryOptions { UNNotificationCategoryOptions(rawValue: 1 << 0) }

        #if !os(macOS)
            // UNNotificationCategoryOptionAllowInCarPlay API_UNAVAILABLE(macos) = (1 << 1)
            @available(macOS, unavailable)
            public static var allowInCarPlay: UNNotificationCategoryOptions { UNNotificationCategoryOptions(rawValue: 1 << 1) }
        #endif

        #if !os(watchOS)
            // UNNotificationCategoryOptionHiddenPreviewsShowTitle API_AVAILABLE(macos(10.14), ios(11.0)) API_UNAVAILABLE(watchos, tvos) = (1 << 2)
            @available(iOS 11.0, macOS 10.14, *)
            @available(watchOS, unavailable)
            public static var hiddenPreviewsShowTitle: UNNotificationCategoryOptions { UNNotificationCategoryOptions(rawValue: 1 << 2) }

            // UNNotificationCategoryOptionHiddenPreviewsShowSubtitle API_AVAILABLE(macos(10.14), ios(11.0)) API_UNAVAILABLE(watchos, tvos) = (1 << 3)
            @available(iOS 11.0, macOS 10.14, *)
            @available(watchOS, unavailable)
            public static var hiddenPreviewsShowSubtitle: UNNotificationCategoryOptions { UNNotificationCategoryOptions(rawValue: 1 << 3) }
        #endif
    }

    // UNNotificationCategory.h:
    // API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)
    // @interface UNNotificationCategory : NSObject <NSCopying, NSSecureCoding>
    // (Not Sendable, but Hashable through NSObject, so it can sit in the Set that
    // setNotificationCategories(_:) takes.)
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    open class UNNotificationCategory: NSObject {
        // - (instancetype)init NS_UNAVAILABLE;
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSString *identifier;
        open var identifier: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSArray<UNNotificationAction *> *actions;
        open var actions: [UNNotificationAction] { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy) NSArray<NSString *> *intentIdentifiers;
        open var intentIdentifiers: [String] { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly) UNNotificationCategoryOptions options;
        open var options: UNNotificationCategoryOptions { fatalError("stand-in") }

        // + (instancetype)categoryWithIdentifier:(NSString *)identifier actions:(NSArray<UNNotificationAction *> *)actions
        //       intentIdentifiers:(NSArray<NSString *> *)intentIdentifiers options:(UNNotificationCategoryOptions)options;
        // Swift: `convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        //     options: UNNotificationCategoryOptions = [])`
        public convenience init(
            identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String], options: UNNotificationCategoryOptions = []
        ) { fatalError("stand-in") }
    }

    // UNNotificationAction.h:
    // typedef NS_OPTIONS(NSUInteger, UNNotificationActionOptions) { ... }
    //     API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos);
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    public struct UNNotificationActionOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        // UNNotificationActionOptionAuthenticationRequired = (1 << 0)
        public static var authenticationRequired: UNNotificationActionOptions { UNNotificationActionOptions(rawValue: 1 << 0) }
        // UNNotificationActionOptionDestructive = (1 << 1)
        public static var destructive: UNNotificationActionOptions { UNNotificationActionOptions(rawValue: 1 << 1) }
        // UNNotificationActionOptionForeground = (1 << 2)
        public static var foreground: UNNotificationActionOptions { UNNotificationActionOptions(rawValue: 1 << 2) }
    }

    // UNNotificationAction.h:
    // API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)
    // @interface UNNotificationAction : NSObject <NSCopying, NSSecureCoding>
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    open class UNNotificationAction: NSObject {
        // - (instancetype)init NS_UNAVAILABLE;
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, copy, readonly) NSString *identifier;
        open var identifier: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, copy, readonly) NSString *title;
        open var title: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly) UNNotificationActionOptions options;
        open var options: UNNotificationActionOptions { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, readonly, copy, nullable) UNNotificationActionIcon *icon
        //     API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0));
        @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
        open var icon: UNNotificationActionIcon? { fatalError("stand-in") }

        // + (instancetype)actionWithIdentifier:(NSString *)identifier title:(NSString *)title options:(UNNotificationActionOptions)options;
        // Swift: `convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [])`
        public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) { fatalError("stand-in") }

        // + (instancetype)actionWithIdentifier:(NSString *)identifier title:(NSString *)title options:(UNNotificationActionOptions)options
        //       icon:(nullable UNNotificationActionIcon *)icon API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0));
        // Swift: `convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?)`
        @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
        public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?) {
            fatalError("stand-in")
        }
    }

    // UNNotificationAction.h:
    // API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)
    // @interface UNTextInputNotificationAction : UNNotificationAction
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    @preconcurrency
    open class UNTextInputNotificationAction: UNNotificationAction {
        // @property (NS_NONATOMIC_IOSONLY, copy, readonly) NSString *textInputButtonTitle;
        open var textInputButtonTitle: String { fatalError("stand-in") }

        // @property (NS_NONATOMIC_IOSONLY, copy, readonly) NSString *textInputPlaceholder;
        open var textInputPlaceholder: String { fatalError("stand-in") }

        // + (instancetype)actionWithIdentifier:(NSString *)identifier title:(NSString *)title options:(UNNotificationActionOptions)options
        //       textInputButtonTitle:(NSString *)textInputButtonTitle textInputPlaceholder:(NSString *)textInputPlaceholder;
        public convenience init(
            identifier: String, title: String, options: UNNotificationActionOptions = [], textInputButtonTitle: String, textInputPlaceholder: String
        ) { fatalError("stand-in") }

        // + (instancetype)actionWithIdentifier:(NSString *)identifier title:(NSString *)title options:(UNNotificationActionOptions)options
        //       icon:(nullable UNNotificationActionIcon *)icon textInputButtonTitle:(NSString *)textInputButtonTitle
        //       textInputPlaceholder:(NSString *)textInputPlaceholder API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0));
        // Swift (developer.apple.com/documentation/usernotifications/untextinputnotificationaction/
        //     init(identifier:title:options:icon:textinputbuttontitle:textinputplaceholder:)):
        // `convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        //     textInputButtonTitle: String, textInputPlaceholder: String)`
        @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
        public convenience init(
            identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
            textInputButtonTitle: String, textInputPlaceholder: String
        ) { fatalError("stand-in") }
    }
#endif

// UNNotificationActionIcon.h:
// API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0))
// @interface UNNotificationActionIcon : NSObject <NSCopying, NSSecureCoding>
@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
@preconcurrency
open class UNNotificationActionIcon: NSObject {
    // - (instancetype)init NS_UNAVAILABLE;
    @available(*, unavailable)
    public override init() { fatalError("stand-in") }

    // + (instancetype)iconWithTemplateImageName:(NSString *)templateImageName;
    // Swift: `convenience init(templateImageName: String)`
    public convenience init(templateImageName: String) { fatalError("stand-in") }

    // + (instancetype)iconWithSystemImageName:(NSString *)systemImageName;
    // Swift: `convenience init(systemImageName: String)`
    public convenience init(systemImageName: String) { fatalError("stand-in") }
}
