import Foundation

/// Draws from Beta and Gamma distributions with a ``SeededGenerator``: what Thompson sampling
/// needs, with no allocation.
enum BetaDraw {
    /// A uniform number in (0, 1), never 0 or 1: 53 random bits, offset by half a step.
    static func unit(_ generator: inout SeededGenerator) -> Double {
        (Double(generator.next() >> 11) + 0.5) / 9_007_199_254_740_992
    }

    /// A standard normal number (Box–Muller; one of the pair is used).
    static func normal(_ generator: inout SeededGenerator) -> Double {
        let (u, v) = (unit(&generator), unit(&generator))
        return (-2 * Foundation.log(u)).squareRoot() * Foundation.cos(2 * Double.pi * v)
    }

    /// A Gamma(`shape`, 1) number, `shape` > 0: Marsaglia and Tsang's method ("A simple method
    /// for generating gamma variables", ACM TOMS 26(3), 2000), with their boost for a shape
    /// below 1. Each attempt is accepted with probability above 0.95; after 64 rejections
    /// (probability below 10⁻⁸⁰) it returns the mean, so it always ends.
    static func gamma(shape: Double, _ generator: inout SeededGenerator) -> Double {
        guard shape.isFinite, shape > 0 else { return 0 }
        if shape < 1 {
            return gamma(shape: shape + 1, &generator) * Foundation.pow(unit(&generator), 1 / shape)
        }
        let d = shape - 1.0 / 3
        let c = 1 / (9 * d).squareRoot()
        for _ in 0..<64 {
            let x = normal(&generator)
            let v = 1 + c * x
            guard v > 0 else { continue }
            let cube = v * v * v
            let u = unit(&generator)
            if Foundation.log(u) < 0.5 * x * x + d - d * cube + d * Foundation.log(cube) { return d * cube }
        }
        return shape
    }

    /// A Beta(`alpha`, `beta`) number in [0, 1], both > 0.
    static func beta(_ alpha: Double, _ beta: Double, _ generator: inout SeededGenerator) -> Double {
        let x = gamma(shape: alpha, &generator)
        let y = gamma(shape: beta, &generator)
        let sum = x + y
        return sum > 0 ? x / sum : alpha / (alpha + beta)
    }
}
