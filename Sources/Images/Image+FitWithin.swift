extension Image {
    /// The image area-filtered down (aspect kept, each side at least 1) so that neither side
    /// exceeds `maxSide`; the image itself when it already fits. For GPUs whose
    /// GL_MAX_TEXTURE_SIZE is smaller than a poster (4096 on a Raspberry Pi 4).
    public func fittingWithin(_ maxSide: Int) -> Image {
        let limit = max(1, maxSide)
        guard width > limit || height > limit else { return self }
        let scale = Double(limit) / Double(Swift.max(width, height))
        let w = Swift.min(limit, Swift.max(1, Int((Double(width) * scale).rounded())))
        let h = Swift.min(limit, Swift.max(1, Int((Double(height) * scale).rounded())))
        return AreaResampler.resample(self, width: w, height: h)
    }
}

extension MipChain {
    /// The chain without its levels larger than `maxSide` on a side; when every level is
    /// larger (never: the last is 1x1), the smallest fitted. Levels keep OpenGL's sizes.
    public func fittingWithin(_ maxSide: Int) -> MipChain {
        guard let first = levels.firstIndex(where: { $0.width <= maxSide && $0.height <= maxSide }) else {
            return MipChain(single: levels[levels.count - 1].fittingWithin(maxSide))
        }
        if first == 0 { return self }
        var chain = self
        chain.levels.removeFirst(first)
        return chain
    }
}
