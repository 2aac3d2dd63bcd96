/// The operating system a registered device runs.
enum Platform: String, CaseIterable, Sendable {
    case ios, android, macos, linux
}
