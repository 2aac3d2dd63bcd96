// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Bugle",
    // iOS 17, macOS 14, watchOS 10: BugleApple imports Observation, which older systems lack.
    platforms: [.iOS(.v17), .macOS(.v14), .watchOS(.v10)],
    products: [
        .library(name: "Bugle", targets: ["Bugle"]),
        .library(name: "BugleSimulator", targets: ["BugleSimulator"]),
        .library(name: "BugleLab", targets: ["BugleLab"]),
        .library(name: "BugleLogging", targets: ["BugleLogging"]),
        .library(name: "BugleApple", targets: ["BugleApple"]),
        .library(name: "BugleAndroid", targets: ["BugleAndroid"]),
        .library(name: "ActivityWindows", targets: ["ActivityWindows"]),
        .library(name: "StreakRescue", targets: ["StreakRescue"]),
        .library(name: "StudyReminders", targets: ["StudyReminders"]),
        .library(name: "Countdowns", targets: ["Countdowns"]),
        .library(name: "BugleStore", targets: ["BugleStore"]),
        .library(name: "FactsADay", targets: ["FactsADay"]),
        // The shipped recipes' scenario glue: `RecipeCatalog.all`, for an app's tests that run
        // scenarios naming both its own recipes and the shipped ones.
        .library(name: "RecipeScenarios", targets: ["RecipeScenarios"]),
        .executable(name: "bugle", targets: ["bugle"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The Facts A Day client, generated from Server/openapi.yaml (Server/Scripts/generate-openapi.sh,
        // committed: no build plugin), runs on the OpenAPI runtime, over the recipe's own transport.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // DocC for every library target: `swift package generate-documentation` (Scripts/check-docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The core: Foundation only, no clock, no current time zone, no disk. Its String Catalog of
        // recurrence texts is compiled in (Scripts/embed-recurrence-catalog.py).
        .target(name: "Bugle", exclude: ["Resources/Recurrence.xcstrings"]),
        .target(
            name: "BugleLogging",
            dependencies: ["Bugle", .product(name: "Logging", package: "swift-log")]
        ),
        // The UserNotifications adapter: pure mapping everywhere, system calls on Apple only.
        .target(name: "BugleApple", dependencies: ["Bugle"]),
        // The Android mapping: pure specs everywhere, the calls to Android's APIs on Android only.
        .target(name: "BugleAndroid", dependencies: ["Bugle"]),
        // Durable state on SQLite: ledger, delivery history, event log, flags, drip queues.
        .target(
            name: "BugleStore",
            dependencies: ["Bugle", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        // `bugle lab`: synthetic users answering notifications, to compare timings before shipping.
        .target(name: "BugleLab", dependencies: ["Bugle"]),
        // BugleLab for the lab's HTML page, drawn with the timeline page's markup and style.
        .target(
            name: "BugleSimulator",
            dependencies: ["Bugle", "BugleAndroid", "BugleLab", .product(name: "Yams", package: "Yams")]
        ),
        // Recipes: one target per seed system, each depending on Bugle only.
        .target(name: "ActivityWindows", dependencies: ["Bugle"], path: "Sources/Recipes/ActivityWindows"),
        .target(
            name: "StreakRescue", dependencies: ["Bugle"], path: "Sources/Recipes/StreakRescue",
            resources: [.copy("Resources/StreakRescue.xcstrings")]),
        .target(
            name: "StudyReminders", dependencies: ["Bugle"], path: "Sources/Recipes/StudyReminders",
            resources: [.copy("Resources/StudyReminders.xcstrings")]),
        .target(name: "Countdowns", dependencies: ["Bugle"], path: "Sources/Recipes/Countdowns"),
        // Facts A Day persists its content beside Bugle's store, in the same SQLite file.
        .target(
            name: "FactsADay",
            dependencies: [
                "Bugle", "BugleStore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"), .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Sources/Recipes/FactsADay"),
        // Scenario glue for the recipes: what `recipe:` in a scenario file can name.
        .target(
            name: "RecipeScenarios", dependencies: ["Bugle", "BugleSimulator", "ActivityWindows", "StreakRescue", "StudyReminders", "Countdowns", "FactsADay"]),
        // Random worlds: scenarios drawn from a seed, run with the invariants checked after
        // every step (`bugle worlds`, and the property tests).
        .target(name: "BugleWorlds", dependencies: ["Bugle", "BugleSimulator", "BugleStore", "RecipeScenarios"]),
        .executableTarget(
            name: "bugle",
            dependencies: [
                "Bugle", "BugleSimulator", "BugleLogging", "BugleStore", "RecipeScenarios", "FactsADay", "BugleWorlds", "BugleLab",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "bugle-bench",
            dependencies: ["Bugle", "BugleSimulator", "BugleStore", "BugleLab", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/bugle-bench"
        ),
        // BugleSimulator runs the samples of the Bugle tutorials on the simulator's center.
        .testTarget(
            name: "BugleTests", dependencies: ["Bugle", "BugleLogging", "BugleSimulator", .product(name: "Logging", package: "swift-log")],
            // Read from the source tree by the tests that use them.
            exclude: ["Fixtures"]),
        // The habit app of the README: an adopter's code on the public API only, and its tests.
        .target(name: "HabitApp", dependencies: ["Bugle"], path: "Examples/HabitApp/Sources/HabitApp"),
        .testTarget(name: "HabitAppTests", dependencies: ["HabitApp", "Bugle", "BugleSimulator"], path: "Examples/HabitApp/Tests/HabitAppTests"),
        .testTarget(name: "BugleWorldsTests", dependencies: ["BugleWorlds", "Bugle", "BugleSimulator", "RecipeScenarios"]),
        .testTarget(name: "BugleLabTests", dependencies: ["BugleLab", "Bugle", "BugleSimulator"]),
        .testTarget(name: "BugleAppleTests", dependencies: ["Bugle", "BugleApple"]),
        .testTarget(name: "BugleAndroidTests", dependencies: ["Bugle", "BugleAndroid", "ActivityWindows"]),
        .testTarget(name: "BugleSimulatorTests", dependencies: ["Bugle", "BugleSimulator", "RecipeScenarios"]),
        .testTarget(name: "ActivityWindowsTests", dependencies: ["ActivityWindows", "RecipeScenarios", "BugleSimulator", "BugleStore", "Bugle"]),
        .testTarget(name: "RecipeTests", dependencies: ["Bugle", "BugleSimulator", "BugleStore", "RecipeScenarios", "StreakRescue", "StudyReminders"]),
        .testTarget(name: "CountdownsTests", dependencies: ["Countdowns", "Bugle", "BugleSimulator", "RecipeScenarios"]),
        .testTarget(
            name: "BugleStoreTests",
            dependencies: ["Bugle", "BugleStore", "BugleSimulator", "bugle-store-import", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // A child process for the store's tests: imports a drip queue until it is killed.
        .executableTarget(name: "bugle-store-import", dependencies: ["BugleStore"], path: "Tests/BugleStoreImportHelper"),
        .testTarget(name: "bugleTests", dependencies: ["bugle"]),
        .testTarget(
            name: "FactsADayTests",
            dependencies: ["FactsADay", "bugle", "Bugle", "BugleStore", "BugleSimulator", "RecipeScenarios", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)

// Strict settings for every target, in one place.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
