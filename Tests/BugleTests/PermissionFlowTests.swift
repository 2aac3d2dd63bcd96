import Bugle
import Foundation
import Testing

/// The permission flow asks at the right moment, never after a denial, and offers Settings
/// at most once per session.
@Suite struct PermissionFlowTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func valueMomentWaitsThenExplainsThenAsks() {
        var flow = PermissionFlow(policy: .afterValueMoment(delay: 2, explanation: true))
        #expect(flow.handle(.valueMoment, now: now) == [.schedulePrompt(at: now.addingTimeInterval(2))])
        #expect(flow.handle(.promptDue, now: now.addingTimeInterval(2)) == [.showExplanation])
        #expect(flow.handle(.explanationAccepted, now: now) == [.requestAuthorization(provisional: false)])
        flow.handle(.systemAnswered(.authorized), now: now)
        #expect(flow.status == .authorized)
        #expect(flow.handle(.valueMoment, now: now).isEmpty)
    }

    @Test func declinedExplanationIsNeverAskedAgainEvenAfterRelaunch() {
        var flow = PermissionFlow(policy: .afterValueMoment(delay: 2, explanation: true))
        flow.handle(.valueMoment, now: now)
        flow.handle(.promptDue, now: now)
        #expect(flow.handle(.explanationDeclined, now: now).isEmpty)
        // The app keeps the memory and builds a new flow on the next launch.
        var next = PermissionFlow(policy: .afterValueMoment(delay: 2, explanation: true), memory: flow.memory)
        next.handle(.sessionStarted, now: now)
        #expect(next.handle(.valueMoment, now: now).isEmpty)
        #expect(next.handle(.promptDue, now: now).isEmpty)
    }

    @Test func declinedExplanationCanFallBackToProvisional() {
        var flow = PermissionFlow(policy: .afterValueMoment(delay: 0, explanation: true), onExplanationDeclined: .requestProvisional)
        flow.handle(.promptDue, now: now)
        #expect(flow.handle(.explanationDeclined, now: now) == [.requestAuthorization(provisional: true)])
        flow.handle(.systemAnswered(.provisional), now: now)
        #expect(flow.status == .provisional && flow.status.allowsDelivery)
    }

    @Test func settingToggleAsksAndStaysOffWhenDenied() {
        var flow = PermissionFlow(policy: .whenSettingEnabled)
        #expect(flow.handle(.settingTurnedOn("study"), now: now) == [.requestAuthorization(provisional: false)])
        #expect(flow.handle(.systemAnswered(.denied), now: now) == [.keepSettingOff("study")])
        // Denied: never asked again; Settings offered once in this session.
        #expect(flow.handle(.settingTurnedOn("study"), now: now) == [.keepSettingOff("study"), .offerSettings])
        #expect(flow.handle(.settingTurnedOn("difficult"), now: now) == [.keepSettingOff("difficult")])
        flow.handle(.sessionStarted, now: now)
        #expect(flow.handle(.settingTurnedOn("study"), now: now) == [.keepSettingOff("study"), .offerSettings])
    }

    @Test func settingToggleWhenAllowedEnablesAtOnce() {
        var flow = PermissionFlow(policy: .whenSettingEnabled, status: .authorized)
        #expect(flow.handle(.settingTurnedOn("study"), now: now) == [.enableSetting("study")])
    }

    @Test func requiredToProceedBlocksOnDenial() {
        var flow = PermissionFlow(policy: .requiredToProceed)
        #expect(flow.handle(.proceedRequested, now: now) == [.requestAuthorization(provisional: false)])
        #expect(flow.handle(.systemAnswered(.denied), now: now) == [.blockProceeding])
        #expect(flow.handle(.proceedRequested, now: now) == [.blockProceeding, .offerSettings])
        // Back from Settings with permission granted.
        flow.handle(.statusRead(.authorized), now: now)
        #expect(flow.handle(.proceedRequested, now: now) == [.proceed])
    }
}
