// swift-tools-version: 6.0
import PackageDescription

// The OpenAPI generator's command line, pinned, for Server/Scripts/generate-openapi.sh: the
// generated Swift files are committed, so neither the server nor the apps that depend on
// Bugle run a build plugin.
let package = Package(
    name: "openapi-generator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: []
)
