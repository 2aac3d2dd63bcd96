/// Sums and sums of products of per-user figures: all that a mean, a ratio of means or a
/// difference of either needs for a confidence interval over users, in memory that does not
/// grow with the users.
///
/// Users are added in the order of their index and blocks merged in order, so that the sums,
/// and every figure from them, are the same however the users were split across jobs.
struct Moments: Sendable {
    private(set) var count = 0
    private(set) var sums: [Double]
    /// Σ xᵢ·xⱼ, row-major, `width × width`.
    private var products: [Double]
    let width: Int

    init(width: Int) {
        self.width = width
        sums = Array(repeating: 0, count: width)
        products = Array(repeating: 0, count: width * width)
    }

    mutating func add(_ figures: [Double]) {
        count += 1
        for i in 0..<width {
            let x = figures[i]
            sums[i] += x
            for j in 0..<width { products[i * width + j] += x * figures[j] }
        }
    }

    mutating func merge(_ other: Moments) {
        count += other.count
        for i in sums.indices { sums[i] += other.sums[i] }
        for i in products.indices { products[i] += other.products[i] }
    }

    /// The mean over users of `Σ weights[i]·xᵢ`, and its standard error.
    func linear(_ weights: [Double]) -> (mean: Double, standardError: Double) {
        guard count > 0 else { return (0, 0) }
        let n = Double(count)
        var sum = 0.0
        var squares = 0.0
        for i in 0..<width where weights[i] != 0 {
            sum += weights[i] * sums[i]
            for j in 0..<width where weights[j] != 0 { squares += weights[i] * weights[j] * products[i * width + j] }
        }
        guard count > 1 else { return (sum / n, 0) }
        let variance = Swift.max(0, (squares - sum * sum / n) / (n - 1))
        return (sum / n, (variance / n).squareRoot())
    }

    /// `Σ numerator / Σ denominator` (a rate over all users' sends), and the weights of its
    /// linearisation, `(numerator − rate·denominator) / mean denominator` (the delta method), so
    /// that a difference of rates is the difference of their weights.
    func ratio(_ numerator: Int, _ denominator: Int) -> (rate: Double, weights: [Double]) {
        var weights = Array(repeating: 0.0, count: width)
        guard count > 0, sums[denominator] > 0 else { return (0, weights) }
        let rate = sums[numerator] / sums[denominator]
        let mean = sums[denominator] / Double(count)
        weights[numerator] += 1 / mean
        weights[denominator] -= rate / mean
        return (rate, weights)
    }

    /// The unit weight of figure `index`.
    func unit(_ index: Int) -> [Double] {
        var weights = Array(repeating: 0.0, count: width)
        weights[index] = 1
        return weights
    }
}
