/// Short text of a known maximum length (dates, times of day), written byte by byte into a
/// new string's storage instead of joined from interpolated pieces: planning formats a day
/// or a time for every candidate id and every reason it gives.
struct UTF8Writer {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// The string of at most `capacity` bytes that `write` puts.
    static func string(capacity: Int, _ write: (inout UTF8Writer) -> Void) -> String {
        // Safe: the writer only stores inside `buffer` (every `put` checks the room left)
        // and reports how many bytes it stored; the string validates them as UTF-8.
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }

    /// `first` and `second` joined, in a string allocated once at its final size.
    static func joined(_ first: String, _ second: String) -> String {
        string(capacity: first.utf8.count + second.utf8.count) { text in
            text.put(first)
            text.put(second)
        }
    }

    /// One byte: an ASCII character.
    mutating func put(_ byte: UInt8) {
        precondition(count < buffer.count, "UTF8Writer: capacity exceeded")
        buffer[count] = byte
        count += 1
    }

    /// The UTF-8 bytes of `string`.
    mutating func put(_ string: String) {
        var string = string
        // Safe: `bytes` is read inside the closure while `string` keeps it alive, and is
        // copied only after checking that it fits in the room left.
        string.withUTF8 { bytes in
            precondition(bytes.count <= buffer.count - count, "UTF8Writer: capacity exceeded")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: bytes)
            count += bytes.count
        }
    }

    /// `value` as exactly `width` decimal digits, with leading zeros.
    ///
    /// - Precondition: `0 <= value < 10^width`.
    mutating func put(_ value: Int, digits width: Int) {
        precondition(value >= 0, "UTF8Writer: negative value")
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        precondition(value / divisor < 10, "UTF8Writer: \(value) has more than \(width) digits")
        var rest = value
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
