#if os(Android) && canImport(AndroidApp) && canImport(AndroidContent)
    import AndroidApp
    import AndroidContent

    /// The calls to Android that carry out BugleAndroid's specs, for an app built with the Swift SDK
    /// for Android: a thin layer that copies fields, makes no decision, and is type-checked against
    /// Checks/AndroidSDK (Scripts/check-android.sh).
    ///
    /// It calls the Java classes through wrappers that swift-java generates (`swift-java wrap-java`
    /// over `android.jar`) into the modules `AndroidApp` (the `android.app` package) and
    /// `AndroidContent` (`android.content`); without them this file is not compiled, and a Kotlin
    /// host makes the same calls from the specs itself.
    public struct AndroidHost {
        /// The app's context.
        public var context: Context
        /// `context.getSystemService(AlarmManager.class)`.
        public var alarmManager: AlarmManager
        /// `context.getSystemService(NotificationManager.class)`.
        public var notificationManager: NotificationManager
        /// A new explicit `Intent` for the app's alarm receiver (`Intent(context, BugleAlarmReceiver.class)`),
        /// the same component and action every time, so that a `PendingIntent` made from it matches the
        /// one an alarm was set with.
        public var alarmIntent: () -> Intent
        /// The activity a tap on a notification, or on an alarm clock's icon, opens.
        public var openIntent: (AndroidNotificationSpec) -> PendingIntent?
        /// The notifications' small icon, a drawable resource id.
        public var smallIcon: Int32

        /// A host over these system services.
        public init(
            context: Context, alarmManager: AlarmManager, notificationManager: NotificationManager, alarmIntent: @escaping () -> Intent,
            openIntent: @escaping (AndroidNotificationSpec) -> PendingIntent?, smallIcon: Int32
        ) {
            self.context = context
            self.alarmManager = alarmManager
            self.notificationManager = notificationManager
            self.alarmIntent = alarmIntent
            self.openIntent = openIntent
            self.smallIcon = smallIcon
        }

        /// Whether exact alarms are allowed on a device at API level `sdkInt` (`Build.VERSION.SDK_INT`):
        /// `canScheduleExactAlarms()` from Android 12 (API 31), always before.
        public func exactness(sdkInt: Int32) -> AndroidExactness {
            sdkInt < 31 || alarmManager.canScheduleExactAlarms() ? .exact : .inexact
        }

        /// Creates the channels of `changes` (none is ever deleted).
        public func apply(_ changes: AndroidChannelChanges) {
            for spec in changes.creates {
                let channel = NotificationChannel(spec.id, spec.name, spec.importance.rawValue)
                channel.setDescription(spec.description)
                channel.setGroup(spec.groupID)
                notificationManager.createNotificationChannel(channel)
            }
        }

        /// Cancels, then sets, the alarms of `changes`. The host then updates its alarm record: removes
        /// the cancelled request codes, and records each set alarm's extras by request code.
        public func apply(_ changes: AndroidChangeSet) {
            for cancel in changes.cancels {
                alarmManager.cancel(pendingIntent(requestCode: cancel.requestCode, extras: nil))
            }
            for schedule in changes.sets {
                let operation = pendingIntent(requestCode: schedule.alarm.requestCode, extras: schedule.notification.extras)
                switch schedule.alarm.call {
                case .exactAndAllowWhileIdle(let triggerAtMillis):
                    alarmManager.setExactAndAllowWhileIdle(AlarmManager.RTC_WAKEUP, triggerAtMillis, operation)
                case .window(let start, let length):
                    alarmManager.setWindow(AlarmManager.RTC_WAKEUP, start, length, operation)
                case .alarmClock(let triggerTime):
                    let info = AlarmManager.AlarmClockInfo(triggerTime, openIntent(schedule.notification))
                    alarmManager.setAlarmClock(info, operation)
                }
            }
        }

        /// Posts the notification an alarm's extras describe, from the alarm receiver's `onReceive`.
        public func post(_ spec: AndroidNotificationSpec) {
            let builder = Notification.Builder(context, spec.channelID)
            builder.setSmallIcon(smallIcon)
            builder.setContentTitle(spec.title)
            builder.setContentText(spec.text)
            builder.setSubText(spec.subText)
            builder.setGroup(spec.group)
            builder.setWhen(spec.whenMillis)
            builder.setShowWhen(true)
            builder.setContentIntent(openIntent(spec))
            builder.setAutoCancel(true)
            notificationManager.notify(spec.id.rawValue, builder.build())
        }

        /// The broadcast `PendingIntent` of request code `requestCode`, `FLAG_IMMUTABLE | FLAG_UPDATE_CURRENT`.
        private func pendingIntent(requestCode: Int32, extras: AndroidExtras?) -> PendingIntent? {
            let intent = alarmIntent()
            for (key, value) in extras?.values.sorted(by: { $0.key < $1.key }) ?? [] { intent.putExtra(key, value) }
            return PendingIntent.getBroadcast(context, requestCode, intent, PendingIntent.FLAG_IMMUTABLE | PendingIntent.FLAG_UPDATE_CURRENT)
        }
    }
#endif
