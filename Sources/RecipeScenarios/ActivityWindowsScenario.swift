import ActivityWindows
import Bugle
import BugleSimulator
import Foundation

/// The activity-windows recipe in scenario files: `recipe: activity-windows`.
///
/// It plays the app's shell: each event becomes an input of `ActivityController`, and the
/// glue performs the actions it returns against the simulation (the state snapshot, the
/// refreshes, cancelling everything on an update, the permission prompts), answering the
/// prompts as the event says. Analytics events go to ``log`` and, when the user opted in,
/// to ``backend``; the timeline notes what the user saw and the notable events.
///
/// Events: `onboard`, `newForecast`, `openApp`, `resumeApp`, `appUpdate`, `backgroundTask`,
/// `restart`, `setPreset`, `toggleMode`, `masterSwitch`, `quietHours`, `tap`, `dismiss`,
/// `openSettings` (see *In scenario files* in the ActivityWindows documentation). Use
/// `openApp` (a cold start) or `resumeApp` (a warm start) rather than the generic `open`, so
/// that the app's own checks (update, DST, staleness) run.
public struct ActivityWindowsScenario: ScenarioRecipe {
    public static let name = "activity-windows"
    public static let settingKeys = ["platform"]
    public static let eventKeys = [
        "onboard", "newForecast", "openApp", "resumeApp", "appUpdate", "backgroundTask", "restart", "setPreset",
        "toggleMode", "masterSwitch", "quietHours", "tap", "dismiss", "openSettings",
    ]

    /// The folder forecast files are read from: the scenario's own.
    let folder: URL
    let memory: AppMemory
    /// Every analytics event, as the on-device log keeps it.
    public var log: AnalyticsRecorder { memory.log }
    /// The events passed on to the analytics backend (only with `analytics_opt_in`).
    public var backend: AnalyticsRecorder { memory.backend }

    public init(settings: ScenarioObject, setup: ScenarioSetup) throws {
        folder = setup.file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var platform = setup.android == nil ? "ios" : "android"
        if let value = settings["platform"] {
            platform = try value.string()
            guard ["ios", "android"].contains(platform) else { throw value.error("\(value.path): expected ios or android, found \"\(platform)\"") }
            if setup.android != nil, platform != "android" {
                throw value.error("\(value.path): the scenario runs on platform: android; leave the recipe's platform out")
            }
        }
        android = setup.android
        // Before Android 13 notifications need no runtime permission: allowed from install.
        let status: AuthorizationStatus = setup.android.map { $0.needsNotificationPermission ? .notDetermined : .authorized } ?? .notDetermined
        memory = AppMemory(controller: ActivityController(status: status, platform: platform), onAndroid: setup.android != nil)
    }

    /// The simulated Android, in a `platform: android` scenario.
    let android: AndroidProfile?

    /// On Android the app creates one channel per mode (`AndroidChannel.all`), each carrying
    /// its mode's rule: the recipe owns them, not the scenario.
    public var androidChannels: [SimulatedChannel]? {
        guard android != nil else { return nil }
        return AndroidChannel.all.map { SimulatedChannel(id: $0.id, importance: .default, rules: [$0.id]) }
    }

    /// On Android the system starts the app for its `BOOT_COMPLETED` receiver (`boot`) and its
    /// periodic work (`backgroundTask`): the app runs its restart and background-task checks
    /// (the DST check among them) before it plans again. Any other signal refreshes.
    public func respond(to reason: RefreshReason, context: RecipeContext) async throws {
        let shell = Shell(memory: memory, context: context)
        guard android != nil, reason == .boot || reason == .backgroundTask else {
            let result = try await context.refresh(reason)
            try await shell.planned(result, now: context.now)
            return
        }
        try await shell.collectDeliveries()
        let offset = context.zone.offset(at: context.now)
        try await shell.perform(reason == .boot ? .deviceRestarted(offset: offset) : .backgroundTask(offset: offset), now: context.now)
    }

    public var rules: [any Rule] { ActivityWindowsPlan.rules }
    public var policies: [any Policy] { ActivityWindowsPlan.policies }
    public var initialState: AppState { ActivityState().appState }

    // MARK: Reading events

    public func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue {
        switch key {
        case "onboard":
            let object = try value.object(["activities", "dog", "preset", "analyticsOptIn", "permission", "version"])
            var activities: [Activity] = []
            for entry in try object.required("activities").sequence() {
                let text = try entry.string()
                guard let activity = Activity(rawValue: text) else { throw entry.error("\(entry.path): unknown activity \"\(text)\"; expected swim or run") }
                activities.append(activity)
            }
            let permission = try object["permission"]?.string() ?? "allow"
            guard ["allow", "deny", "notNow"].contains(permission) else {
                throw object["permission"]!.error("\(value.path).permission: expected allow, deny or notNow, found \"\(permission)\"")
            }
            let spec = Onboarding(
                activities: activities, dog: try object["dog"]?.string(),
                preset: try object["preset"].map(parsePreset).flatMap { Preset(rawValue: $0.text ?? "") } ?? .balanced,
                analyticsOptIn: try object["analyticsOptIn"]?.bool() ?? false, permission: permission,
                version: try object["version"]?.string() ?? "1.0.0")
            return try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(spec))
        case "newForecast":
            return try parseForecast(value)
        case "openApp", "resumeApp", "backgroundTask", "restart", "openSettings":
            _ = try value.object([])
            return .null
        case "appUpdate":
            return .string(try value.string())
        case "setPreset":
            return try parsePreset(value)
        case "toggleMode":
            var toggles: [String: JSONValue] = [:]
            for (mode, entry) in try value.pairs() {
                guard ActivityMode(rawValue: mode) != nil else {
                    throw entry.error(
                        "\(value.path): unknown mode \"\(mode)\"; expected one of: \(ActivityMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                toggles[mode] = .bool(try entry.bool())
            }
            return .object(toggles)
        case "masterSwitch":
            return .bool(try value.bool())
        case "quietHours":
            let object = try value.object(["enabled", "start", "end"])
            return .object([
                "enabled": .bool(try object.required("enabled").bool()),
                "start": .string(try object["start"]?.localTime().description ?? "22:00"),
                "end": .string(try object["end"]?.localTime().description ?? "07:00"),
            ])
        default:
            let id = try value.string()
            guard NotificationID(id) != nil else {
                throw value.error("\(value.path): \"\(id)\" is not a notification id; expected MODE.YYYY-MM-DD.INDEX such as swim_solo.2026-03-24.0")
            }
            return .string(id)
        }
    }

    private func parsePreset(_ value: ScenarioValue) throws -> JSONValue {
        let text = try value.string()
        guard Preset(rawValue: text) != nil else {
            throw value.error("\(value.path): unknown preset \"\(text)\"; expected one of: \(Preset.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return .string(text)
    }

    /// A path (relative to the scenario), `{ file, fetchedAt }`, or the forecast inline;
    /// read and checked now, so that a bad file is reported with the event's line.
    private func parseForecast(_ value: ScenarioValue) throws -> JSONValue {
        var fetchedAt: Date?
        var forecast: Forecast
        if value.isScalar {
            forecast = try readForecast(value)
        } else if try value.pairs().contains(where: { $0.0 == "file" }) {
            let object = try value.object(["file", "fetchedAt"])
            forecast = try readForecast(object.required("file"))
            if let stamp = object["fetchedAt"] {
                let written = try stamp.dateTime()
                guard let offset = written.offset else {
                    throw stamp.error("\(stamp.path): write the fetch time with its offset (2026-03-22T05:40+02:00)")
                }
                fetchedAt = Date(timeIntervalSince1970: TimeInterval(written.local.localSeconds - offset))
            }
        } else {
            do {
                forecast = try Forecast.decode(JSONEncoder().encode(try value.json()))
            } catch let error as ForecastError {
                throw value.descendant(at: error.field ?? "").error("\(value.path): \(error)")
            }
        }
        if let fetchedAt { forecast.fetchedAt = fetchedAt }
        return forecast.json
    }

    private func readForecast(_ value: ScenarioValue) throws -> Forecast {
        let path = try value.string()
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        let data: Data
        do {
            data = try ScenarioFile.read(url.path, what: "a forecast (JSON)")
        } catch let error as ScenarioError {
            throw value.error("\(value.path): \(url.path): \(error.message)")
        }
        do {
            return try Forecast.decode(data)
        } catch let error as ForecastError {
            // JSON is YAML too: read again with positions, the error points at the field's line.
            if let field = error.field, let document = try? ScenarioValue.parse(String(decoding: data, as: UTF8.self), file: url.path) {
                throw document.descendant(at: field).error("\(error) (the forecast of \(value.path))")
            }
            throw value.error("\(value.path): \(path): \(error)")
        }
    }

    // MARK: Running events

    public func handle(_ event: RecipeEvent, context: RecipeContext) async throws {
        let shell = Shell(memory: memory, context: context)
        try await shell.collectDeliveries()
        let offset = context.zone.offset(at: context.now)
        let now = context.now
        switch event.key {
        case "onboard":
            let spec = try JSONDecoder().decode(Onboarding.self, from: JSONEncoder().encode(event.value))
            let profile = UserProfile(
                activitiesEnabled: spec.activities, dog: .init(hasDog: spec.dog != nil, dogName: spec.dog), preset: spec.preset,
                privacy: .init(analyticsOptIn: spec.analyticsOptIn))
            memory.version = spec.version
            memory.permissionAnswer = spec.permission
            _ = context.markOpened()
            let modes = profile.notificationPreferences.enabledModes.map(\.rawValue).joined(separator: ", ")
            context.note(
                "onboarded: \(spec.activities.map(\.rawValue).joined(separator: " and ")), dog \(profile.dogName), preset \(spec.preset.rawValue); modes on: \(modes)"
            )
            try await shell.perform(.onboardingCompleted(profile, version: spec.version, offset: offset), now: now)
        case "newForecast":
            guard let forecast = Forecast(json: event.value) else { return }
            let fetched = context.zone.localDateTime(at: forecast.fetchedAt)
            context.note(
                "forecast fetched \(fetched.date == context.zone.localDate(at: now) ? fetched.time.description : fetched.description), \(forecast.hourly.count) hours"
            )
            try await shell.perform(.forecastFetched(forecast), now: now)
        case "openApp":
            _ = context.markOpened()
            try await shell.perform(.authorizationRead(await context.center.authorizationStatus()), now: now)
            try await shell.perform(.appOpened(version: memory.version, offset: offset), now: now)
            await shell.showChannelsOff()
        case "resumeApp":
            _ = context.markOpened()
            context.note("warm start")
            try await shell.perform(.authorizationRead(await context.center.authorizationStatus()), now: now)
            try await shell.perform(.appResumed(offset: offset), now: now)
            await shell.showChannelsOff()
        case "appUpdate":
            guard case .string(let version) = event.value else { return }
            _ = context.markOpened()
            context.note("first launch of version \(version) (was \(memory.version))")
            memory.version = version
            try await shell.perform(.appOpened(version: version, offset: offset), now: now)
        case "backgroundTask":
            context.note("background task")
            try await shell.perform(.backgroundTask(offset: offset), now: now)
        case "restart":
            context.note("device restarted")
            try await shell.perform(.deviceRestarted(offset: offset), now: now)
        case "setPreset":
            guard case .string(let text) = event.value, let preset = Preset(rawValue: text) else { return }
            context.note("preset: \(preset.rawValue)")
            try await shell.perform(.presetChanged(preset), now: now)
        case "toggleMode":
            guard case .object(let toggles) = event.value else { return }
            for (mode, on) in toggles.sorted(by: { $0.key < $1.key }) {
                guard let mode = ActivityMode(rawValue: mode) else { continue }
                context.note("\(mode.rawValue) \(on == .bool(true) ? "on" : "off")")
                try await shell.perform(.modeToggled(mode, on: on == .bool(true)), now: now)
            }
        case "masterSwitch":
            context.note("notifications \(event.value == .bool(true) ? "on" : "off")")
            try await shell.perform(.masterSwitchChanged(on: event.value == .bool(true)), now: now)
        case "quietHours":
            guard case .object(let spec) = event.value else { return }
            let setting = NotificationPreferences.QuietHoursSetting(
                enabled: spec["enabled"] == .bool(true), start: spec["start"]?.text ?? "22:00", end: spec["end"]?.text ?? "07:00")
            context.note("quiet hours \(setting.start)–\(setting.end) \(setting.enabled ? "on" : "off")")
            try await shell.perform(.quietHoursChanged(setting), now: now)
        case "tap", "dismiss":
            guard case .string(let id) = event.value else { return }
            guard let delivery = try await context.center.deliveredNotifications().last(where: { NotificationID($0.id)?.description == id }) else {
                context.note("\(event.key): \(id) was never delivered")
                return
            }
            if event.key == "tap" {
                _ = context.markOpened()
                try await shell.perform(.notificationOpened(delivery, openedAt: context.zone.localDateTime(at: now)), now: now)
            } else {
                try await shell.perform(.notificationDismissed(delivery), now: now)
            }
        default:
            try await shell.perform(.settingsBannerTapped, now: now)
        }
    }
}

/// The `onboard` event: what the user picked, and how they answer the permission prompts.
struct Onboarding: Codable {
    var activities: [Activity]
    var dog: String?
    var preset: Preset
    var analyticsOptIn: Bool
    /// `allow`, `deny` (the system prompt), or `notNow` (the app's explanation: provisional).
    var permission: String
    var version: String
}

/// What the app remembers during a run: the controller, the logs, and what the scenario
/// said the user answers.
final class AppMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var storedController: ActivityController
    private var storedVersion = "1.0.0"
    private var storedAnswer = "allow"
    private var seenDeliveries = 0
    let log = AnalyticsRecorder()
    let backend = AnalyticsRecorder()

    /// Whether the app runs on the simulated Android.
    let onAndroid: Bool

    init(controller: ActivityController, onAndroid: Bool) {
        storedController = controller
        self.onAndroid = onAndroid
    }

    func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Feeds the controller.
    func handle(_ input: ActivityController.Input, now: Date) -> [ActivityController.Action] {
        withLock { storedController.handle(input, now: now) }
    }

    var analyticsOptIn: Bool { withLock { storedController.analyticsOptIn } }

    /// The modes turned on in the profile, in order; call inside ``withLock(_:)``.
    var enabledModes: [ActivityMode] { storedController.state.profile?.notificationPreferences.enabledModes ?? [] }

    var version: String {
        get { withLock { storedVersion } }
        set { withLock { storedVersion = newValue } }
    }

    var permissionAnswer: String {
        get { withLock { storedAnswer } }
        set { withLock { storedAnswer = newValue } }
    }

    /// Deliveries from `index` on are new; returns the previous count.
    func markSeen(_ count: Int) -> Int {
        withLock {
            defer { seenDeliveries = count }
            return seenDeliveries
        }
    }
}

/// Performs the controller's actions against the simulation, as an app's shell would.
struct Shell {
    let memory: AppMemory
    let context: RecipeContext

    func record(_ event: AnalyticsEvent) {
        AnalyticsRouter(local: memory.log, backend: memory.backend).record(event, optIn: memory.analyticsOptIn)
    }

    /// Android: the app reads its channels at each start; a mode that is on whose channel the
    /// user turned off in the system settings shows so in the app's Settings.
    func showChannelsOff() async {
        guard memory.onAndroid else { return }
        let modes = memory.withLock { memory.enabledModes }
        for mode in modes {
            let channel = AndroidChannel.channel(for: mode)
            if await context.center.channelImportance(channel.id) == AndroidImportance.none {
                context.note("Settings: \(channel.offInSystemSettings)")
            }
        }
    }

    /// Logs `notif_fired` for deliveries since the last event.
    func collectDeliveries() async throws {
        let delivered = try await context.center.deliveredNotifications()
        let seen = memory.markSeen(delivered.count)
        for delivery in delivered.dropFirst(seen) {
            for case .log(let event) in memory.handle(.notificationFired(delivery), now: delivery.date) { record(event) }
        }
    }

    /// Tells the controller what a refresh planned, which it keeps as planned from the
    /// current forecast.
    func planned(_ result: RefreshResult, now: Date) async throws {
        try await perform(.planned(candidateIDs: Set(result.plan.entries.map(\.candidate.id))), now: now)
    }

    func perform(_ input: ActivityController.Input, now: Date) async throws {
        for action in memory.handle(input, now: now) {
            try await perform(action, now: now)
        }
    }

    private func perform(_ action: ActivityController.Action, now: Date) async throws {
        switch action {
        case .setState(let state):
            for (key, value) in state.values.sorted(by: { $0.key < $1.key }) {
                await context.set(key, value == .null ? nil : value)
            }
        case .cancelAll:
            let pending = try await context.center.pendingRequests().filter { $0.id.hasPrefix(context.scheduler.planner.namespace.prefix) }
            try await context.center.removePendingRequests(withIdentifiers: pending.map(\.id))
            for request in pending { record(.cancelled(mode: NotificationID(request.id)?.mode, cause: .reschedule, at: now)) }
            context.note("cancelled all \(pending.count) pending")
        case .replan(let trigger):
            let result = try await context.refresh(trigger.refreshReason)
            try await planned(result, now: now)
            let events = AnalyticsEvent.events(for: result, offsetChange: trigger.offsetChange, zone: context.zone, at: now)
            events.forEach(record)
            let causes = Dictionary(grouping: events.filter { $0.name == .cancelled }, by: { $0.fields["reason"]?.text ?? "" })
            for cause in causes.keys.sorted() {
                context.note("cancelled \(causes[cause]!.count) (\(cause))")
            }
            for event in events where event.name == .dstReschedule {
                let old = event.fields["old_offset"]?.text ?? ""
                let new = event.fields["new_offset"]?.text ?? ""
                context.note("\(event.name.rawValue): \(old) → \(new), \(event.fields["count_rescheduled"] ?? .null) rescheduled")
            }
        case .showExplanation:
            let answer = memory.permissionAnswer
            context.note("explanation shown: \(answer == "notNow" ? "not now" : "continue")")
            try await perform(.explanationAnswered(accepted: answer != "notNow"), now: now)
        case .requestAuthorization where memory.onAndroid:
            // Android: POST_NOTIFICATIONS through the system dialog, which Android stops
            // showing after two denials.
            let line = await context.center.requestPermission(allow: memory.permissionAnswer != "deny")
            context.note(line)
            try await perform(.authorizationAnswered(await context.center.authorizationStatus()), now: now)
        case .requestAuthorization(let provisional):
            // The system grants provisional authorization without a prompt.
            let status: AuthorizationStatus = provisional ? .provisional : memory.permissionAnswer == "deny" ? .denied : .authorized
            await context.center.setAuthorization(status)
            context.note(provisional ? "provisional notifications (quiet delivery)" : "system prompt: \(status == .denied ? "don't allow" : "allow")")
            try await perform(.authorizationAnswered(status), now: now)
        case .showBanner(let banner):
            context.note("banner: \(banner.text) [\(banner.action)]")
        case .openSettings:
            if memory.onAndroid {
                context.note("opened the app's notification settings (\(SettingsBanner.androidSettingsAction))")
            } else {
                context.note("opened the system's notification settings")
            }
        case .showStaleWarning(let text):
            context.note("warning: \(text)")
        case .showToday(let link, let label):
            context.note("Today tab: \(link.mode.rawValue) at \(label)")
        case .log(let event):
            record(event)
        }
    }
}

extension ScenarioValue {
    var isScalar: Bool { (try? string()) != nil }
}

extension JSONValue {
    fileprivate var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
