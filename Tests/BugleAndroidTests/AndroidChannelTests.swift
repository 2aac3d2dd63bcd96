import ActivityWindows
import BugleAndroid
import Testing

@Suite("Android channels")
struct AndroidChannelTests {
    let swim = AndroidChannelSpec(id: "swim_solo", name: "Swim alerts", description: "Solo swimming conditions", importance: .default)

    @Test("importance levels carry NotificationManager's values")
    func importanceValues() {
        #expect(AndroidImportance.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(AndroidImportance.none < .high)
    }

    @Test("a missing channel is created; one that matches needs no call")
    func create() {
        #expect(AndroidChannelChanges(existing: [], wanted: [swim]).creates == [swim])
        let same = AndroidChannelChanges(existing: [swim], wanted: [swim])
        #expect(same.creates.isEmpty)
        #expect(same.warnings.isEmpty)
    }

    @Test("a new name or description is created again with the device's importance")
    func rename() {
        var renamed = swim
        renamed.name = "Swimming"
        renamed.importance = .high
        var userLowered = swim
        userLowered.importance = .low
        let changes = AndroidChannelChanges(existing: [userLowered], wanted: [renamed])
        var expected = renamed
        expected.importance = .low
        #expect(changes.creates == [expected])
        #expect(changes.warnings == [AndroidChannelWarning(channelID: "swim_solo", kind: .importance(onDevice: .low, wanted: .high))])
        #expect(changes.warnings[0].description.contains("only the user can change it"))
    }

    @Test("a channel turned off by the user stays off: a warning, no call")
    func userTurnedOff() {
        var off = swim
        off.importance = .none
        let changes = AndroidChannelChanges(existing: [off], wanted: [swim])
        #expect(changes.creates.isEmpty)
        #expect(changes.warnings.map(\.kind) == [.importance(onDevice: .none, wanted: .default)])
    }

    @Test("channels are never deleted; a group once set stays; a duplicate is reported")
    func rules() {
        var grouped = swim
        grouped.groupID = "water"
        var regrouped = swim
        regrouped.groupID = "sports"
        let old = AndroidChannelSpec(id: "legacy", name: "Old", importance: .low)
        let changes = AndroidChannelChanges(existing: [grouped, old], wanted: [regrouped, regrouped])
        #expect(changes.creates.isEmpty)
        #expect(
            changes.warnings.map(\.kind) == [.group(onDevice: "water", wanted: "sports"), .duplicate, .notWanted])
        var ungrouped = swim
        ungrouped.groupID = nil
        #expect(AndroidChannelChanges(existing: [ungrouped], wanted: [grouped]).creates == [grouped])
    }

    @Test("the ActivityWindows recipe's channels are expressible: four created at first launch, none after")
    func activityWindows() {
        let specs = AndroidChannel.all.map { channel in
            AndroidChannelSpec(id: channel.id, name: channel.name, description: channel.description, importance: .init(channel.importance))
        }
        #expect(specs.map(\.id) == ["swim_solo", "swim_dog", "run_solo", "run_dog"])
        #expect(specs.allSatisfy { $0.importance == .default && $0.importance.rawValue == 3 })
        let first = AndroidChannelChanges(existing: [], wanted: specs)
        #expect(first.creates == specs)
        let again = AndroidChannelChanges(existing: specs, wanted: specs)
        #expect(again.creates.isEmpty && again.warnings.isEmpty)
    }
}

extension AndroidImportance {
    /// The recipe's importance as Android's.
    init(_ importance: AndroidChannel.Importance) {
        switch importance {
        case .default: self = .default
        }
    }
}
