import JSON

/// Builds a component of one `kind` from its JSON object.
public typealias ComponentFactory = (JSONNode, SceneContext) throws -> SceneComponent

/// The open registry of component kinds a scene file may use: each kind registers its
/// factory under its name, and the loader looks the `kind` key up here. The library's own
/// kinds are registered in one place (`SceneKinds.standard`, in `Components`); an app
/// adds its own with `register`.
///
/// Does not: hold global state (a registry is a value passed to the loader), or know any
/// kind itself.
public struct SceneKinds {
    /// The factories by kind name.
    public private(set) var factories: [String: ComponentFactory] = [:]

    /// An empty registry.
    public init() {}

    /// Registers (or replaces) the factory of `kind`.
    public mutating func register(_ kind: String, _ factory: @escaping ComponentFactory) {
        factories[kind] = factory
    }

    /// The factory of `kind`, nil when none is registered.
    public subscript(kind: String) -> ComponentFactory? { factories[kind] }

    /// The registered kind names, sorted (for error messages).
    public var names: [String] { factories.keys.sorted() }
}
