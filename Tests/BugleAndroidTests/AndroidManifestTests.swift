import BugleAndroid
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Android manifest and periodic work")
struct AndroidManifestTests {
    @Test("a countdown app: USE_EXACT_ALARM, and SCHEDULE_EXACT_ALARM up to API 32")
    func useExactAlarm() {
        let xml = AndroidManifestSpec(exactAlarms: .useExactAlarm).xml()
        #expect(
            xml == """
                <?xml version="1.0" encoding="utf-8"?>
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                    <uses-permission android:name="android.permission.POST_NOTIFICATIONS" />
                    <uses-permission android:name="android.permission.RECEIVE_BOOT_COMPLETED" />
                    <uses-permission android:name="android.permission.SCHEDULE_EXACT_ALARM" android:maxSdkVersion="32" />
                    <uses-permission android:name="android.permission.USE_EXACT_ALARM" />
                    <application>
                        <receiver android:name=".BugleAlarmReceiver" android:exported="false" />
                        <receiver android:name=".BugleRescheduleReceiver" android:exported="false">
                            <intent-filter>
                                <action android:name="android.intent.action.BOOT_COMPLETED" />
                                <action android:name="android.intent.action.TIMEZONE_CHANGED" />
                                <action android:name="android.intent.action.TIME_SET" />
                                <action android:name="android.intent.action.MY_PACKAGE_REPLACED" />
                                <action android:name="android.app.action.NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED" />
                            </intent-filter>
                        </receiver>
                    </application>
                </manifest>

                """)
    }

    @Test("an app that asks the user for exact alarms hears when they are granted; one without asks nothing")
    func otherChoices() {
        let asking = AndroidManifestSpec(exactAlarms: .scheduleExactAlarm)
        #expect(asking.permissions.map(\.name).last == "android.permission.SCHEDULE_EXACT_ALARM")
        #expect(asking.permissions.last?.maxSDKVersion == nil)
        #expect(asking.receivers[1].actions.last == "android.app.action.SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED")
        let none = AndroidManifestSpec(exactAlarms: .none)
        #expect(none.permissions.map(\.name) == ["android.permission.POST_NOTIFICATIONS", "android.permission.RECEIVE_BOOT_COMPLETED"])
        #expect(none.receivers[1].actions == AndroidManifestSpec.rescheduleActions)
    }

    #if canImport(FoundationXML)
        @Test("the fragment is well-formed XML with the Android namespace", arguments: AndroidManifestSpec.ExactAlarms.allCases)
        func parses(exactAlarms: AndroidManifestSpec.ExactAlarms) throws {
            let spec = AndroidManifestSpec(exactAlarms: exactAlarms, alarmReceiver: "com.example.A&B")
            let document = try XMLDocument(xmlString: spec.xml(), options: [])
            let root = try #require(document.rootElement())
            #expect(root.name == "manifest")
            let permissions = try root.nodes(forXPath: "uses-permission").compactMap { ($0 as? XMLElement)?.attribute(forName: "android:name")?.stringValue }
            #expect(permissions == spec.permissions.map(\.name))
            let receivers = try root.nodes(forXPath: "application/receiver").compactMap { $0 as? XMLElement }
            #expect(receivers.compactMap { $0.attribute(forName: "android:name")?.stringValue } == ["com.example.A&B", ".BugleRescheduleReceiver"])
            #expect(receivers.allSatisfy { $0.attribute(forName: "android:exported")?.stringValue == "false" })
            let actions = try root.nodes(forXPath: "application/receiver/intent-filter/action").compactMap {
                ($0 as? XMLElement)?.attribute(forName: "android:name")?.stringValue
            }
            #expect(actions == spec.receivers[1].actions)
        }
    #endif

    @Test("periodic work: 15 minutes at least, a flex of 5 minutes at least and at most the interval")
    func periodicWork() throws {
        let work = try AndroidPeriodicWorkSpec(repeatInterval: .seconds(900))
        #expect(work.repeatIntervalMillis == 900_000)
        #expect(work.flexIntervalMillis == 900_000)
        #expect(work.uniqueName == "bugle.reconcile")
        #expect(work.existingWorkPolicy == "UPDATE")
        let flexed = try AndroidPeriodicWorkSpec(repeatInterval: .seconds(6 * 3600), flexInterval: .seconds(300))
        #expect(flexed.flexIntervalMillis == 300_000)
        #expect(throws: AndroidPeriodicWorkError.self) { try AndroidPeriodicWorkSpec(repeatInterval: .seconds(899)) }
        #expect(throws: AndroidPeriodicWorkError.self) { try AndroidPeriodicWorkSpec(repeatInterval: .seconds(3600), flexInterval: .seconds(299)) }
        #expect(throws: AndroidPeriodicWorkError.self) { try AndroidPeriodicWorkSpec(repeatInterval: .seconds(900), flexInterval: .seconds(901)) }
        do {
            _ = try AndroidPeriodicWorkSpec(repeatInterval: .seconds(600))
            Issue.record("a 10-minute interval was accepted")
        } catch {
            #expect(error.description.contains("minimum interval is 15 minutes"))
        }
    }
}
