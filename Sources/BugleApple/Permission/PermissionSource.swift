import Bugle

/// Where the app reads and asks for notification permission.
public protocol PermissionSource: Sendable {
    func permissionState() async -> PermissionState
    /// Asks the user for `options` and returns the status that results.
    func requestAuthorization(_ options: AuthorizationOptions) async throws -> AuthorizationStatus
}

extension SystemCenter: PermissionSource {}
