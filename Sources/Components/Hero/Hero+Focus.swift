import Assets
import LayerMath
import Layers
import Scene

/// The banner as a focus container: one focusable item (the banner, its `item` the one
/// shown); Left / Right change the item, Up / Down let focus leave. With focus it lifts
/// (x1.02) and moves on by itself when idle.
extension Hero: FocusContainer {
    public var focusRegion: Rect { frame }

    public func forEachFocusableItem(_ body: (Int, Rect) -> Void) { body(current, frame) }

    public var focusedItem: Int { current }

    public func moveFocus(_ direction: FocusDirection, at time: Double) -> Bool {
        guard time.isFinite, catalogue.count > 0 else { return false }
        switch direction {
        case .left: show(current - 1, at: time)
        case .right: show(current + 1, at: time)
        default: return false
        }
        return true
    }

    public func focusItem(_ index: Int, at time: Double) {
        guard catalogue.count > 0 else { return }
        show(index, at: time)
    }

    public func setContainsFocus(_ focused: Bool, at time: Double) {
        guard focused != containsFocus else { return }
        containsFocus = focused
        focusTime = time
        nextAdvance = time + interval
        lift = Tween(from: lift.value(at: time), to: focused ? Hero.focusScale : 1, start: time,
                     duration: time > 0 ? FocusGrid.transitionDuration : 0, timing: .easeOut)
    }
}

/// The banner's art as a shelf's backdrop: the item shown's.
extension Hero: BackdropSource {
    func backdropFile(_ index: Int) -> String? {
        index >= 0 && index < catalogue.count ? Hero.artFile(catalogue, index) : nil
    }

    var backdropFiles: FileList { FileList((0..<catalogue.count).map { Hero.artFile(catalogue, $0) ?? "" }) }
}
