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

    public init(rootLayer: Layer, textLayers: [TextLayer] = [], gradientLayers: [GradientLayer] = []) {
        self.name = rootLayer.name
        self.rootLayer = rootLayer
        self.textLayers = textLayers
        self.gradientLayers = gradientLayers
        for t in textLayers { t.display() }
        for g in gradientLayers { g.display() }
    }

    public func handle(_ event: InputEvent, at time: Double) {}
    public func update(to time: Double) {}

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
    }
}
