import Foundation

extension Array {
    /// The index of the first element that does not come before a request that fires at `date`
    /// with id `id`, in an array kept by fire date, then request id (the order of a journal's
    /// open entries and of a center's pending list): where to insert it, or where it is.
    /// `fireDate` and `requestID` read an element's.
    ///
    /// - Complexity: O(log *n*): halving.
    @inlinable package func fireOrderIndex(of date: Date, id: String, fireDate: (Element) -> Date, requestID: (Element) -> String) -> Int {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            let other = fireDate(self[middle])
            let before = other != date ? other < date : requestID(self[middle]) < id
            if before { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
