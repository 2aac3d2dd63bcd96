/// A stable 64-bit FNV-1a digest, the same on every run and platform (unlike `Hasher`).
struct Fingerprinter {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
    }

    mutating func combine(tag: UInt8) { combine(byte: tag) }

    mutating func combine(_ integer: Int) {
        var bits = UInt64(bitPattern: Int64(integer))
        for _ in 0..<8 {
            combine(byte: UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    /// The UTF-8 length, then the bytes, read in place from the string's storage.
    mutating func combine(_ string: String) {
        var string = string
        // Safe: `bytes` is only read, inside the closure, while `string` keeps it alive.
        string.withUTF8 { bytes in
            combine(bytes.count)
            var value = self.value
            for byte in bytes {
                value ^= UInt64(byte)
                value = value &* 0x0000_0100_0000_01b3
            }
            self.value = value
        }
    }

    mutating func combine(optional string: String?) {
        if let string {
            combine(tag: 1)
            combine(string)
        } else {
            combine(tag: 0)
        }
    }
}
