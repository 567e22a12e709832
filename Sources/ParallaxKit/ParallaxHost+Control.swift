import Components
import LayerMath
import Scene

/// Why a control call on `ParallaxHost` did nothing (one line each).
public enum HostControlError: Error, CustomStringConvertible, Equatable {
    /// No component of that kind has that name (the names of those that do are listed).
    case noComponent(name: String, kind: String, available: [String])
    /// The component has no item with that index.
    case noItem(component: String, item: Int)

    public var description: String {
        switch self {
        case .noComponent(let name, let kind, let available):
            let list = available.isEmpty ? "none in this scene" : available.joined(separator: ", ")
            return "no \(kind) named \"\(name)\" (\(kind)s: \(list))"
        case .noItem(let component, let item):
            return "\"\(component)\" has no item \(item)"
        }
    }
}

/// Programmatic control: each method finds the component by its scene-file name (top
/// level, or a row of a shelf) and acts at the current scene time (`time`).
extension ParallaxHost {
    /// Every component of the scene, the rows of shelves included, in scene order.
    public var allComponents: [SceneComponent] {
        var out: [SceneComponent] = []
        func visit(_ c: SceneComponent) {
            out.append(c)
            if let shelf = c as? Shelf { for row in shelf.rows { visit(row.component) } }
        }
        for c in scene.components { visit(c) }
        return out
    }

    /// The component named `name` of type `T`, or an error listing those of that type.
    public func component<T: SceneComponent>(_ name: String, as type: T.Type, kind: String) throws -> T {
        let all = allComponents.compactMap { $0 as? T }
        guard let c = all.first(where: { $0.name == name }) else {
            throw HostControlError.noComponent(name: name, kind: kind, available: all.map(\.name))
        }
        return c
    }

    /// Scrolls the carousel `name` so that item `index` is centred, animated (the
    /// carousel's scroll duration) or at once. Does not move the screen's focus.
    public func scrollCarousel(_ name: String, toItem index: Int, animated: Bool = true) throws {
        let carousel = try component(name, as: Carousel.self, kind: "carousel")
        guard (0..<carousel.count).contains(index) else { throw HostControlError.noItem(component: name, item: index) }
        carousel.scroll(toItem: index, animated: animated, at: time)
    }

    /// Moves the screen's one focus to item `item` of the focus container `name` (a grid's
    /// card, a carousel's item, a shelf row), through the focus engine: the old container
    /// loses focus, a `focus` event is reported, a shelf scrolls the row into view.
    /// nil `item`: the container's remembered item.
    public func focus(_ name: String, item: Int? = nil) throws {
        let containers = allComponents.compactMap { $0 as? FocusContainer }
        guard let container = containers.first(where: { $0.name == name }) else {
            throw HostControlError.noComponent(name: name, kind: "focus container", available: containers.map(\.name))
        }
        if let item {
            var has = item == container.focusedItem
            if let carousel = container as? Carousel {
                has = (0..<carousel.count).contains(item)   // it lists only its centred item
            } else {
                container.forEachFocusableItem { i, _ in if i == item { has = true } }
            }
            guard has else { throw HostControlError.noItem(component: name, item: item) }
        }
        scene.focus.focus(component: name, item: item, at: time)
    }

    /// Sets the parallax button `name`'s state: `focused` turns the focus effect on or off
    /// (as a long press does), `pressed` presses or releases it, `tilt` (x, y in -1...1
    /// from the centre) points the `finger` rotate methods' tilt. nil leaves that part.
    public func setButton(_ name: String, focused: Bool? = nil, pressed: Bool? = nil,
                          tilt: (x: Double, y: Double)? = nil) throws {
        let button = try component(name, as: ParallaxButton.self, kind: "parallax button")
        if let tilt { button.setTilt(x: tilt.x, y: tilt.y, at: time) }
        if let pressed { button.setPressed(pressed, at: time) }
        if let focused { button.setActive(focused, at: time) }
    }
}
