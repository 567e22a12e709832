import Assets
import Scene

extension SceneKinds {
    /// The library's component kinds: the one place each component's factory (its
    /// `<Kind>+Scene.swift`) is registered with the scene loader.
    public static let standard: SceneKinds = {
        var kinds = SceneKinds()
        kinds.register("layer", LayerComponent.make)
        kinds.register("parallaxButton", ParallaxButton.make)
        kinds.register("focusGrid", FocusGrid.make)
        kinds.register("cube", Cube.make)
        kinds.register("affineOrders", AffineOrders.make)
        kinds.register("scrollHeader", ScrollHeader.make)
        kinds.register("carousel", Carousel.make)
        kinds.register("shelf", Shelf.make)
        kinds.register("cardRow", CardRow.make)
        kinds.register("hero", Hero.make)
        kinds.register("focusGuide", FocusGuide.make)
        kinds.register("controllerTest", ControllerTest.make)
        return kinds
    }()
}

extension SceneLoader {
    /// Reads and builds the scene at `path` with the library's kinds (`SceneKinds.standard`).
    public static func load(path: String, images: ImageStore) throws -> Scene {
        try load(path: path, images: images, kinds: .standard)
    }

    /// Builds a scene from JSON text with the library's kinds (`SceneKinds.standard`).
    public static func parse(_ text: String, file: String, directory: String, images: ImageStore) throws -> Scene {
        try parse(text, file: file, directory: directory, images: images, kinds: .standard)
    }
}
