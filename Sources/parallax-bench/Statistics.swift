/// Order statistics of a series of samples (milliseconds, counts, ...).
struct Summary: Encodable {
    var min: Double, median: Double, p95: Double, p99: Double, max: Double, mean: Double

    init(_ samples: [Double]) {
        let s = samples.sorted()
        func pick(_ q: Double) -> Double {
            guard !s.isEmpty else { return 0 }
            let i = Int((q * Double(s.count - 1)).rounded())
            return s[Swift.max(0, Swift.min(s.count - 1, i))]
        }
        min = s.first ?? 0
        median = pick(0.5)
        p95 = pick(0.95)
        p99 = pick(0.99)
        max = s.last ?? 0
        mean = s.isEmpty ? 0 : s.reduce(0, +) / Double(s.count)
    }
}
