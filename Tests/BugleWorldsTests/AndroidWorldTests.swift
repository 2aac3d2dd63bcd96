import Bugle
import BugleSimulator
import BugleWorlds
import Foundation
import Testing

/// Random worlds on the simulated Android.
@Suite struct AndroidWorldTests {
    /// No occurrence twice, nothing shown on a channel that is off, never more than 500 alarms,
    /// pending equal to the plan after each clean refresh: over random Android worlds with
    /// reboots, exact alarms allowed and denied, Doze and inexact delivery.
    @Test func randomAndroidWorldsKeepEveryPromise() async {
        let count = ProcessInfo.processInfo.environment["BUGLE_ANDROID_WORLDS"].flatMap(Int.init) ?? 30
        var versions = Set<String>()
        var deliveries = 0
        for seed in UInt64(1)...UInt64(count) {
            let world = World(androidSeed: seed)
            versions.formUnion(world.header.filter { $0.hasPrefix("androidVersion:") })
            let outcome = await WorldCheck.run(world)
            deliveries += outcome.deliveries
            #expect(outcome.violations.isEmpty, "android world \(seed): \(outcome.violations.first.map(\.description) ?? "")\n\(world.yaml)")
            if !outcome.violations.isEmpty { return }
        }
        #expect(versions.count >= 4)
        #expect(deliveries > count)
    }
}
