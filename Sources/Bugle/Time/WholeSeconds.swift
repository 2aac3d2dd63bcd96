import Foundation

/// The largest number of seconds the time arithmetic works with, either side of 1970:
/// 2^40 s, about 34,800 years, far beyond the years 0001 to 9999 that dates are written in.
let wholeSecondsLimit = 1 << 40

/// `seconds` rounded down to whole seconds, held within ±``wholeSecondsLimit``.
///
/// Every conversion of a `Date` or a duration to an `Int` goes through here, so that no
/// value an app passes (a lookahead of 10^20 days, `Date.distantFuture`, infinity) can trap
/// in the conversion: a value beyond the limit reads as the limit, NaN as 0.
@inline(__always)
func wholeSeconds(_ seconds: Double) -> Int {
    let limit = Double(wholeSecondsLimit)
    guard seconds > -limit else { return -wholeSecondsLimit }
    guard seconds < limit else { return seconds.isNaN ? 0 : wholeSecondsLimit }
    return Int(seconds.rounded(.down))
}

extension Date {
    /// Whole seconds since 1970, rounded down (see ``wholeSeconds(_:)``).
    @inline(__always)
    var wholeSecondsSince1970: Int { wholeSeconds(timeIntervalSince1970) }
}
