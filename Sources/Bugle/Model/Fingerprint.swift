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

    mutating func combine(_ string: String) {
        combine(string.utf8.count)
        for byte in string.utf8 { combine(byte: byte) }
    }

    mutating func combine(optional string: String?) {
        if let string { combine(tag: 1); combine(string) } else { combine(tag: 0) }
    }
}
