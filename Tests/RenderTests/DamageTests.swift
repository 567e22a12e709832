import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Damage tracking: redrawing only the changed region of a kept frame gives the pixels of
/// a full redraw.
final class DamageTests: XCTestCase {
    func fill(_ name: String, _ c: Color, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Layer {
        let l = Layer(name: name, bounds: Size(w, h), position: Point(x + w / 2, y + h / 2))
        l.contents = .color(c)
        return l
    }

    /// Twelve cards, one of them tilting and fading inside a group: after each step the
    /// damaged redraw equals a full redraw exactly, and only the moving card's box is redrawn.
    func testDamagedRedrawOfAKeptFrameEqualsAFullRedraw() throws {
        let h = try RenderHarness.shared()
        let canvas = Size(240, 180)
        var cards: [Layer] = []
        for i in 0..<12 {
            let card = fill("card\(i)", Color(Double(i) / 12, 0.5, 1 - Double(i) / 12), Double(i % 4) * 60 + 5, Double(i / 4) * 60 + 5, 50, 50)
            card.cornerRadius = 6
            card.addSublayer(fill("badge\(i)", .white, 10, 10, 20, 20))
            cards.append(card)
        }
        cards[5].opacity = 0.9   // a group from the start: later steps change values, not structure
        let kept = try Framebuffer(width: 240, height: 180), full = try Framebuffer(width: 240, height: 180)
        defer { kept.destroy(); full.destroy() }
        var flattener = Flattener()
        var previous = RenderList(), list = RenderList()
        flattener.flatten(cards, canvas: canvas, into: &previous)
        h.renderer.render(previous, into: .framebuffer(kept), images: h.images, background: .black)
        for step in 1...3 {
            let moving = cards[5]
            moving.transform = Transform3D.rotation(Double(step) * 0.2, 0, 1, 0) * .perspective(300)
            moving.opacity = 0.9 - 0.2 * Double(step)
            flattener.flatten(cards, canvas: canvas, into: &list)
            let damage = try XCTUnwrap(list.damage(since: previous), "step \(step)")
            XCTAssertLessThan(damage.width * damage.height, 70 * 70, "only the moving card's box, step \(step)")
            h.renderer.render(list, into: .framebuffer(kept), images: h.images, background: .black, damage: damage)
            XCTAssertGreaterThan(h.renderer.stats.damagePixels, 0)
            let partial = h.renderer.readPixels(kept)
            h.renderer.render(list, into: .framebuffer(full), images: h.images, background: .black)
            let whole = h.renderer.readPixels(full)
            XCTAssertEqual(partial.pixels, whole.pixels, "step \(step): damaged redraw differs from a full redraw")
            previous.copy(from: list)
        }
        flattener.flatten(cards, canvas: canvas, into: &list)
        XCTAssertNil(list.damage(since: previous), "nothing changed: no damage")
    }

    /// Cards that mask their sublayers (one clip each, as the home grid's cards): one card
    /// tilting changes its clip, and the damaged redraw is still only that card's box and
    /// equals a full redraw.
    func testDamagedRedrawWithAMovingClipEqualsAFullRedraw() throws {
        let h = try RenderHarness.shared()
        let canvas = Size(240, 180)
        var cards: [Layer] = []
        for i in 0..<12 {
            let card = fill("card\(i)", Color(Double(i) / 12, 0.5, 1 - Double(i) / 12), Double(i % 4) * 60 + 5, Double(i / 4) * 60 + 5, 50, 50)
            card.cornerRadius = 8
            card.masksToBounds = true
            card.addSublayer(fill("badge\(i)", .white, 30, 30, 40, 40))   // reaches past the card: clipped
            cards.append(card)
        }
        let kept = try Framebuffer(width: 240, height: 180), full = try Framebuffer(width: 240, height: 180)
        defer { kept.destroy(); full.destroy() }
        var flattener = Flattener()
        var previous = RenderList(), list = RenderList()
        flattener.flatten(cards, canvas: canvas, into: &previous)
        h.renderer.render(previous, into: .framebuffer(kept), images: h.images, background: .black)
        for step in 1...3 {
            cards[6].transform = Transform3D.rotation(Double(step) * 0.25, 1, 0, 0) * .perspective(300)
            flattener.flatten(cards, canvas: canvas, into: &list)
            XCTAssertEqual(list.clips.count, 12)
            let damage = try XCTUnwrap(list.damage(since: previous), "step \(step)")
            XCTAssertLessThan(damage.width * damage.height, 70 * 70, "only the moving card's box, step \(step)")
            h.renderer.render(list, into: .framebuffer(kept), images: h.images, background: .black, damage: damage)
            let partial = h.renderer.readPixels(kept)
            h.renderer.render(list, into: .framebuffer(full), images: h.images, background: .black)
            let whole = h.renderer.readPixels(full)
            XCTAssertEqual(partial.pixels, whole.pixels, "step \(step): damaged redraw differs from a full redraw")
            previous.copy(from: list)
        }
    }
}
