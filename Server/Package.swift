// swift-tools-version: 6.0
import PackageDescription

// The content service for Facts A Day: a package of its own, so that apps depending on
// Bugle never resolve a server stack.
let package = Package(
    name: "FactsServer",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FactsServer", targets: ["FactsServer"]),
        .executable(name: "facts-server", targets: ["facts-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // The contract's generated server code (Sources/FactsServer/Generated, from openapi.yaml
        // by Scripts/generate-openapi.sh) runs on these.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The app side of Facts A Day, for the tests that run the real client against this
        // server (`AppAgainstServerTests`). Only the tests use it: the server never links Bugle.
        .package(name: "Bugle", path: ".."),
    ],
    targets: [
        // zlib, to gzip the answers kept in memory.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Routes, storage and the corpus importer: everything the tests build in-process.
        .target(
            name: "FactsServer",
            dependencies: [
                "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line: `facts-server [serve]` and `facts-server import`.
        .executableTarget(
            name: "facts-server",
            dependencies: [
                "FactsServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "FactsServerTests",
            dependencies: [
                "FactsServer", "facts-server",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "FactsADay", package: "Bugle"),
                .product(name: "Bugle", package: "Bugle"),
                .product(name: "BugleSimulator", package: "Bugle"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)

// Strict settings for every target, in one place.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
