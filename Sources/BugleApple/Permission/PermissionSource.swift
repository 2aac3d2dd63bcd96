import Bugle

/// Where the app reads and asks for notification permission.
public protocol PermissionSource: Sendable {
    /// What the user allows now, as the system's settings for the app say.
    func permissionState() async -> PermissionState
    /// Asks the user for `options` and returns the status that results.
    func requestAuthorization(_ options: AuthorizationOptions) async throws -> AuthorizationStatus
}

extension SystemCenter: PermissionSource {}
