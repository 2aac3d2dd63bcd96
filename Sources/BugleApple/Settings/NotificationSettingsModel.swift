#if canImport(Observation)
    import Bugle
    import Foundation
    import Observation

    /// The state of a notification settings screen: what the user allowed, how long the plan
    /// lasts if the app is never opened again, and what comes next.
    ///
    /// ```swift
    /// struct NotificationSettingsView: View {
    ///     let model: NotificationSettingsModel
    ///     var body: some View {
    ///         List(model.upcoming) { Text($0.title) }
    ///             .task { await model.reload() }
    ///     }
    /// }
    /// ```
    ///
    /// Observation needs iOS 17, macOS 14 or watchOS 10, the package's floor.
    @available(iOS 17, macOS 14, watchOS 10, tvOS 17, *)
    @MainActor
    @Observable
    public final class NotificationSettingsModel {
        /// What the user allowed; `nil` until the first ``reload()``.
        public private(set) var permission: PermissionState?
        /// Until when the plan is complete (see `Coverage`); `nil` until loaded.
        public private(set) var coverage: Coverage?
        /// The next planned notifications, soonest first, at most ``upcomingLimit``.
        public private(set) var upcoming: [UpcomingNotification] = []
        /// Why the last reload or request failed, for the screen to show; `nil` after a success.
        public private(set) var problem: String?
        /// How many upcoming notifications ``upcoming`` lists.
        public var upcomingLimit: Int

        /// What the app asks the user to allow.
        public let options: AuthorizationOptions
        private let scheduler: Scheduler
        private let permissions: any PermissionSource
        private let refresh: @Sendable (RefreshReason) async -> Void

        /// - Parameters:
        ///   - scheduler: The app's scheduler, read for the coverage and the upcoming notifications.
        ///   - permissions: Where the permission is read and asked (the system's, or a test's).
        ///   - options: What the app asks the user to allow.
        ///   - upcomingLimit: How many upcoming notifications to list; 20 by default.
        ///   - refresh: Refreshes the plan after the user answers the prompt; pass the
        ///     ``LifecycleRefresher``'s `refresh(_:)` so it never overlaps another refresh.
        public init(
            scheduler: Scheduler, permissions: any PermissionSource, options: AuthorizationOptions = .standard, upcomingLimit: Int = 20,
            refresh: @escaping @Sendable (RefreshReason) async -> Void
        ) {
            self.scheduler = scheduler
            self.permissions = permissions
            self.options = options
            self.upcomingLimit = upcomingLimit
            self.refresh = refresh
        }

        /// What the permission button should do now; `.none` until loaded.
        public var prompt: PermissionPrompt {
            permission.map { PermissionPrompt.step(for: $0.status, asking: options) } ?? .none
        }

        /// Whether the plan reaches the user: notifications are allowed.
        public var isDelivering: Bool { permission?.status.allowsDelivery ?? false }

        /// Reads the permission and the plan again.
        public func reload() async {
            permission = await permissions.permissionState()
            do {
                let plan = try await scheduler.currentPlan()
                coverage = plan.report.coverage
                upcoming = plan.entries.prefix(upcomingLimit).map(UpcomingNotification.init)
                problem = nil
            } catch {
                problem = String(describing: error)
            }
        }

        /// Asks the user when ``prompt`` is ``PermissionPrompt/request(_:)``, refreshes the plan
        /// for the answer, and reloads. Does nothing otherwise (``PermissionPrompt/openSettings``
        /// is for the view: only the Settings app can grant it).
        public func requestPermission() async {
            guard case .request(let asked) = prompt else { return }
            do {
                let before = permission?.status
                let after = try await permissions.requestAuthorization(asked)
                if after != before { await refresh(.permissionChanged) }
                await reload()
            } catch {
                problem = String(describing: error)
            }
        }
    }
#endif
