import Assets
import Input
import JSON
import LayerMath
import Layers
import Scene
import Typography

/// The `layer` kind of the scene file: any Core Animation layer tree written as JSON
/// (docs/scene-format.md). Its `animations` run on scene time (Scene.update advances
/// them; input changes nothing). A layer with text keys
/// (`string`, `font`, ...; docs/text.md) is a `TextLayer`, and a `"type": "gradient"` layer a
/// `GradientLayer`, both rendered again when the scene's contents scale changes.
public final class LayerComponent: SceneComponent {
    public let name: String
    public let rootLayer: Layer
    /// The text layers of the tree, in document order.
    public let textLayers: [TextLayer]
    /// The gradient layers of the tree, in document order.
    public let gradientLayers: [GradientLayer]
    /// The shape layers of the tree, in document order.
    public let shapeLayers: [ShapeLayer]
    /// The layers' shadows of shapes other than their rounded bounds.
    public let shadowCasters: [ShadowCaster]

    public init(rootLayer: Layer, textLayers: [TextLayer] = [], gradientLayers: [GradientLayer] = [],
                shapeLayers: [ShapeLayer] = [], shadowCasters: [ShadowCaster] = []) {
        self.name = rootLayer.name
        self.rootLayer = rootLayer
        self.textLayers = textLayers
        self.gradientLayers = gradientLayers
        self.shapeLayers = shapeLayers
        self.shadowCasters = shadowCasters
        for t in textLayers { t.display() }
        for g in gradientLayers { g.display() }
        for s in shapeLayers { s.display() }
        for c in shadowCasters { c.display() }
    }

    public func handle(_ event: InputEvent, at time: Double) {}

    /// Shape layers and shadows follow their drawn values (stroke ends, bounds, shadow
    /// radius): the animations are advanced to `time` first (the scene advances them again
    /// after, to the same values).
    public func update(to time: Double) {
        guard !shapeLayers.isEmpty || !shadowCasters.isEmpty else { return }
        rootLayer.advanceAnimations(to: time)
        for s in shapeLayers { s.display() }
        for c in shadowCasters { c.display() }
    }

    /// `.infinity`: time plays no part (its layers change only on input).
    public func nextUpdateTime(after time: Double) -> Double { .infinity }

    public func setContentsScale(_ scale: Double) {
        for t in textLayers {
            t.contentsScale = scale
            t.display()
        }
        for g in gradientLayers {
            g.contentsScale = scale
            g.display()
        }
        for s in shapeLayers {
            s.contentsScale = scale
            s.display()
        }
        for c in shadowCasters {
            c.contentsScale = scale
            c.display()
        }
    }
}
