// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Bugle",
    platforms: [.iOS(.v16), .macOS(.v13), .watchOS(.v9)],
    products: [
        .library(name: "Bugle", targets: ["Bugle"]),
        .library(name: "BugleSimulator", targets: ["BugleSimulator"]),
        .library(name: "BugleLogging", targets: ["BugleLogging"]),
        .library(name: "BugleApple", targets: ["BugleApple"]),
        .library(name: "ActivityWindows", targets: ["ActivityWindows"]),
        .library(name: "StreakRescue", targets: ["StreakRescue"]),
        .library(name: "StudyReminders", targets: ["StudyReminders"]),
        .executable(name: "bugle", targets: ["bugle"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The core: Foundation only, no clock, no current time zone, no disk.
        .target(name: "Bugle"),
        .target(
            name: "BugleLogging",
            dependencies: ["Bugle", .product(name: "Logging", package: "swift-log")]
        ),
        // The UserNotifications adapter: pure mapping everywhere, system calls on Apple only.
        .target(name: "BugleApple", dependencies: ["Bugle"]),
        .target(
            name: "BugleSimulator",
            dependencies: ["Bugle", .product(name: "Yams", package: "Yams")]
        ),
        // Recipes: one target per seed system, each depending on Bugle only.
        .target(name: "ActivityWindows", dependencies: ["Bugle"], path: "Sources/Recipes/ActivityWindows"),
                .target(name: "StreakRescue", dependencies: ["Bugle"], path: "Sources/Recipes/StreakRescue",
                resources: [.copy("Resources/StreakRescue.xcstrings")]),
        .target(name: "StudyReminders", dependencies: ["Bugle"], path: "Sources/Recipes/StudyReminders",
                resources: [.copy("Resources/StudyReminders.xcstrings")]),
        // Scenario glue for the recipes: what `recipe:` in a scenario file can name.
        .target(name: "RecipeScenarios", dependencies: ["Bugle", "BugleSimulator", "ActivityWindows", "StreakRescue", "StudyReminders"]),
        .executableTarget(
            name: "bugle",
            dependencies: [
                "Bugle", "BugleSimulator", "BugleLogging", "RecipeScenarios",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "bugle-bench",
            dependencies: ["Bugle"],
            path: "Benchmarks/bugle-bench"
        ),
        .testTarget(name: "BugleTests", dependencies: ["Bugle", "BugleLogging", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "BugleAppleTests", dependencies: ["Bugle", "BugleApple"]),
        .testTarget(name: "BugleSimulatorTests", dependencies: ["Bugle", "BugleSimulator", "RecipeScenarios"]),
        .testTarget(name: "ActivityWindowsTests", dependencies: ["ActivityWindows", "RecipeScenarios", "BugleSimulator", "Bugle"]),
        .testTarget(name: "bugleTests", dependencies: ["bugle"]),
        .testTarget(name: "RecipeTests", dependencies: ["Bugle", "BugleSimulator", "RecipeScenarios", "StreakRescue", "StudyReminders"]),
    ]
)

// Strict settings for every target, in one place.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
