// SDK stand-in, for Scripts/check-apple.sh only (see Checks/AppleSDK/README.md).
//
// Transcribed from BackgroundTasks.framework/Headers/BGTaskScheduler.h, BGTaskRequest.h (iOS 18.0
// SDK) and BGTask.h, and developer.apple.com/documentation/backgroundtasks/bgtaskscheduler,
// bgtaskrequest, bgapprefreshtaskrequest, bgtask and bgapprefreshtask. Every class here is
// API_AVAILABLE(ios(13.0), tvos(13.0)) API_UNAVAILABLE(macos, watchos) (visionOS inherits iOS's
// availability). None is Sendable or isolated to an actor; no completion handler here belongs to
// a method that imports as `async`, so none is `@Sendable`.
import Foundation

#if !os(macOS) && !os(watchOS)
    // BGTaskRequest.h:
    // BG_EXTERN API_AVAILABLE(ios(13.0), tvos(13.0)) API_UNAVAILABLE(macos, watchos)
    // @interface BGTaskRequest : NSObject <NSCopying>
    @available(iOS 13.0, tvOS 13.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    @preconcurrency
    open class BGTaskRequest: NSObject {
        // - (instancetype)init NS_UNAVAILABLE; // This is an abstract type and should not be directly instantiated
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }

        // Stand-in machinery, not Apple API (internal, so BugleApple cannot see it): the designated
        // initializer the subclass's initializer delegates to, `init()` being unavailable.
        init(standIn: Void) { super.init() }

        // @property (readonly, copy) NSString *identifier;
        open var identifier: String { fatalError("stand-in") }

        // @property (copy, nullable) NSDate *earliestBeginDate;
        open var earliestBeginDate: Date? {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }
    }

    // BGTaskRequest.h:
    // BG_EXTERN API_AVAILABLE(ios(13.0), tvos(13.0)) API_UNAVAILABLE(macos, watchos)
    // @interface BGAppRefreshTaskRequest : BGTaskRequest
    @available(iOS 13.0, tvOS 13.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    @preconcurrency
    open class BGAppRefreshTaskRequest: BGTaskRequest {
        // - (instancetype)initWithIdentifier:(NSString *)identifier;
        // Swift: `init(identifier: String)`
        public init(identifier: String) {
            super.init(standIn: ())
            fatalError("stand-in")
        }
    }

    // BGTask.h:
    // BG_EXTERN API_AVAILABLE(ios(13.0), tvos(13.0)) API_UNAVAILABLE(macos) API_UNAVAILABLE(watchos)
    // @interface BGTask : NSObject
    @available(iOS 13.0, tvOS 13.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    @preconcurrency
    open class BGTask: NSObject {
        // - (instancetype)init NS_UNAVAILABLE;
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }

        // @property (copy, readonly) NSString *identifier;
        open var identifier: String { fatalError("stand-in") }

        // @property (nullable, strong) void (^expirationHandler)(void);
        // Swift: `var expirationHandler: (() -> Void)? { get set }`
        open var expirationHandler: (() -> Void)? {
            get { fatalError("stand-in") }
            set { fatalError("stand-in") }
        }

        // - (void)setTaskCompletedWithSuccess:(BOOL)success;
        // Swift: `func setTaskCompleted(success: Bool)`
        open func setTaskCompleted(success: Bool) { fatalError("stand-in") }
    }

    // BGTask.h:
    // BG_EXTERN API_AVAILABLE(ios(13.0), tvos(13.0)) API_UNAVAILABLE(macos) API_UNAVAILABLE(watchos)
    // @interface BGAppRefreshTask : BGTask
    @available(iOS 13.0, tvOS 13.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    @preconcurrency
    open class BGAppRefreshTask: BGTask {}

    // BGTaskScheduler.h:
    // BG_EXTERN API_AVAILABLE(ios(13.0), tvos(13.0)) API_UNAVAILABLE(macos) API_UNAVAILABLE(watchos)
    // @interface BGTaskScheduler : NSObject
    @available(iOS 13.0, tvOS 13.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    @preconcurrency
    open class BGTaskScheduler: NSObject {
        // - (instancetype)init NS_UNAVAILABLE; //Use the shared scheduler object instead
        @available(*, unavailable)
        public override init() { fatalError("stand-in") }

        // @property (class, readonly, strong) __kindof BGTaskScheduler *sharedScheduler;
        // Swift: `class var shared: BGTaskScheduler { get }`
        open class var shared: BGTaskScheduler { fatalError("stand-in") }

        // - (BOOL)registerForTaskWithIdentifier:(NSString *)identifier usingQueue:(nullable dispatch_queue_t)queue
        //       launchHandler:(void (^)(__kindof BGTask *task))launchHandler
        //       NS_EXTENSION_UNAVAILABLE("Only the host application may register launch handlers");
        // Swift: `func register(forTaskWithIdentifier identifier: String, using queue: dispatch_queue_t?,
        //     launchHandler: @escaping (BGTask) -> Void) -> Bool` (dispatch_queue_t is DispatchQueue in Swift)
        open func register(forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool {
            fatalError("stand-in")
        }

        // - (BOOL)submitTaskRequest:(BGTaskRequest *)taskRequest error:(NSError * _Nullable *)error;
        // Swift: `func submit(_ taskRequest: BGTaskRequest) throws`
        open func submit(_ taskRequest: BGTaskRequest) throws { fatalError("stand-in") }

        // - (void)cancelTaskRequestWithIdentifier:(NSString *)identifier;
        // Swift: `func cancel(taskRequestWithIdentifier identifier: String)`
        open func cancel(taskRequestWithIdentifier identifier: String) { fatalError("stand-in") }
    }
#endif
