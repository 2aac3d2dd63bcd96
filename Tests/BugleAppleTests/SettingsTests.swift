import Bugle
import BugleApple
import Foundation
import Testing

/// What a settings screen shows and what its permission button does.
@Suite struct SettingsTests {
    static let prompts: [(AuthorizationStatus, AuthorizationOptions, PermissionPrompt)] = [
        (.notDetermined, .standard, .request(.standard)),
        (.notDetermined, [.alert, .provisional], .request([.alert, .provisional])),
        (.provisional, [.alert, .provisional], .none),
        (.provisional, .standard, .request(.standard)),
        (.denied, .standard, .openSettings),
        (.authorized, .standard, .none),
    ]

    @Test(arguments: prompts)
    func permissionButtonDoesTheRightThing(status: AuthorizationStatus, options: AuthorizationOptions, expected: PermissionPrompt) {
        #expect(PermissionPrompt.step(for: status, asking: options) == expected)
    }

    #if canImport(Observation)
        @MainActor
        func model(system: MemorySystem, refreshes: RefreshLog = RefreshLog()) -> (NotificationSettingsModel, Scheduler) {
            let now = instant("2026-03-01T07:00-05:00")
            let center = SystemCenter(system: system, calendar: { Calendar(identifier: .gregorian) })
            let rules: [any Rule] = [
                ScheduledRule(id: "morning", schedule: .daily(LocalTime("08:30")), content: NotificationContent(title: "Morning", body: "Puzzle"))
            ]
            let scheduler = Scheduler(
                planner: Planner(rules: rules, budget: Budget(platform: .custom(10), safetyMargin: 0)), center: center,
                environment: SchedulerEnvironment(now: { now }, calendar: { calendar(in: "America/New_York") }))
            return (
                NotificationSettingsModel(scheduler: scheduler, permissions: center, options: .standard, upcomingLimit: 3, refresh: refreshes.refresh),
                scheduler
            )
        }

        @Test @MainActor func reloadShowsCoverageAndWhatComesNext() async {
            let (model, _) = model(system: MemorySystem())
            #expect(model.permission == nil)
            #expect(model.prompt == .none)
            await model.reload()
            #expect(model.permission?.status == .authorized)
            #expect(model.isDelivering)
            #expect(model.upcoming.map(\.title) == ["Morning", "Morning", "Morning"])
            #expect(model.upcoming.first?.fireDate == instant("2026-03-01T08:30-05:00"))
            #expect(model.upcoming.allSatisfy { $0.followsDeviceClock })
            // Ten slots of daily mornings: complete until the eleventh.
            #expect(model.coverage == Coverage(horizon: instant("2026-03-11T08:30-04:00"), limit: .budget))
            #expect(model.problem == nil)
        }

        @Test @MainActor func grantingPermissionRefreshesThePlan() async {
            let system = MemorySystem(permission: PermissionState(status: .notDetermined), grants: .authorized)
            let refreshes = RefreshLog()
            let (model, _) = model(system: system, refreshes: refreshes)
            await model.reload()
            #expect(model.prompt == .request(.standard))
            #expect(!model.isDelivering)
            await model.requestPermission()
            #expect(await system.askedOptions == [.standard])
            #expect(refreshes.reasons == [.permissionChanged])
            #expect(model.permission?.status == .authorized)
            #expect(model.prompt == .none)
        }

        @Test @MainActor func deniedPermissionSendsToSettingsWithoutAsking() async {
            let system = MemorySystem(permission: PermissionState(status: .denied))
            let refreshes = RefreshLog()
            let (model, _) = model(system: system, refreshes: refreshes)
            await model.reload()
            #expect(model.prompt == .openSettings)
            await model.requestPermission()
            #expect(await system.askedOptions.isEmpty)
            #expect(refreshes.reasons.isEmpty)
        }

        @Test @MainActor func failureIsShownNotThrown() async {
            let model = NotificationSettingsModel(
                scheduler: Scheduler(planner: Planner(rules: []), center: FailingCenter(), environment: .system),
                permissions: SystemCenter(system: MemorySystem()),
                refresh: { _ in }
            )
            await model.reload()
            #expect(model.problem != nil)
            #expect(model.permission?.status == .authorized)
        }
    #endif
}
