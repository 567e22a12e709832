extension JSONNode {
    /// An optional number that must lie in `range`: nil when the key is absent, an error
    /// naming the JSON path when it is outside. Used for keys whose meaningful range is
    /// far narrower than a Double's (a spacing of 1e-300 or 1e300 items means nothing
    /// and would overflow the counts derived from it).
    public func double(in range: ClosedRange<Double>) throws -> Double? {
        guard exists else { return nil }
        return try double(in: range, default: 0)
    }
}
