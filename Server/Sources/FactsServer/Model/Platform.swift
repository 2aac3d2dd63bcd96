/// The operating system a registered device runs.
enum Platform: String, CaseIterable, Sendable, Codable {
    case ios, android, macos, linux
}
