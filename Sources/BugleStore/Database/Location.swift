import Foundation

extension BugleDatabase {
    /// The file name of the store inside its folder.
    public static let fileName = "bugle.sqlite"

    /// Where an app's store lives by default: `bugle/bugle.sqlite` in the platform's
    /// application-support folder.
    ///
    /// On Linux that is `$XDG_DATA_HOME/bugle` when `XDG_DATA_HOME` is an absolute path,
    /// else `~/.local/share/bugle`, as the XDG base directory specification says. On
    /// Apple's platforms it is the app's Application Support folder.
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        try defaultFolder(environment: environment).appendingPathComponent("bugle", isDirectory: true).appendingPathComponent(fileName)
    }

    private static func defaultFolder(environment: [String: String]) throws -> URL {
        #if os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Android)
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
                return URL(fileURLWithPath: data, isDirectory: true)
            }
            let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileManager.default.homeDirectoryForCurrentUser
            return home.appendingPathComponent(".local/share", isDirectory: true)
        #else
            do {
                return try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: false)
            } catch {
                throw StoreError(.cannotOpen, path: nil, message: "the system gave no application-support folder", detail: "\(error)")
            }
        #endif
    }
}
