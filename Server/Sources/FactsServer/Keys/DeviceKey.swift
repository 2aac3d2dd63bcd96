import Crypto
import Foundation

/// The secret a device sends in `X-Device-Key`: 32 random bytes, base64url without padding.
///
/// The service keeps only the key's SHA-256 digest, so a copy of the database does not
/// hand out working keys.
enum DeviceKey {
    /// Random bytes in a key.
    static let byteCount = 32

    /// A new key from `generator`, which must be cryptographically secure in production
    /// (`SystemRandomNumberGenerator` is).
    static func generate(using generator: inout some RandomNumberGenerator) -> String {
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The SHA-256 digest of `key`'s UTF-8 bytes: what the database stores and looks up.
    static func digest(of key: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(key.utf8)))
    }

    /// Whether `a` and `b` are equal, taking the same time wherever they differ.
    ///
    /// - Complexity: O(n) in the longer input, always.
    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : 0
            let right = index < b.count ? b[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }
}
