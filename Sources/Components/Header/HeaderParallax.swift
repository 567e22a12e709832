import LayerMath

/// Seed 003's `makeParallaxEffect`: the header image's transform and alpha, and the
/// navigation bar's alpha, for a table content offset `y` (which rests at
/// `-headerHeight` because of the top content inset).
///
/// As the seed writes it (with `h` = 300):
/// - `y < -h` (pulled down past the top): `t = MakeScale(|y|/h)`, scaling about the
///   image's top-centre anchor so it stretches downwards; otherwise `t = identity`.
/// - `-h <= y <= 0`: `t = CGAffineTransformTranslate(t, 0, (|y| - h) / 2)`, which puts
///   the translation BEFORE `t` (T * t); `t` is the identity here, so the image moves up
///   at half the list's speed.
/// - `y <= 0`: image alpha `|y| / h` (more than 1 when overscrolled: UIKit clamps it when
///   drawing), navigation bar alpha `1 - (|y| / h)^3`.
/// - `y > 0`: transform identity (the seed's `Translate(t, 0, 0)`), image alpha 0, bar 1.
public struct HeaderParallax: Equatable, Sendable {
    /// The header image's affine transform (about its anchor point, top centre).
    public var transform: AffineTransform
    /// The image alpha as the seed computes it (may exceed 1 when overscrolled).
    public var imageAlpha: Double
    /// The navigation bar's alpha.
    public var navigationBarAlpha: Double

    /// The alpha actually drawn: `imageAlpha` clamped to 0...1.
    public var drawnImageAlpha: Double { min(max(imageAlpha, 0), 1) }

    /// Evaluates the seed's formulas at content offset `y`.
    public init(offsetY y: Double, headerHeight h: Double = 300) {
        var t = y < -h ? AffineTransform.scale(abs(y) / h, abs(y) / h) : .identity
        if y <= 0 {
            if y >= -h { t = t.translated(0, (abs(y) - h) / 2) }
            imageAlpha = abs(y / h)
            let f = abs(y / h)
            navigationBarAlpha = 1 - f * f * f
        } else {
            imageAlpha = 0
            navigationBarAlpha = 1
        }
        transform = t
    }
}
