import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Damage tracking: redrawing only the changed region of a kept frame gives the pixels of
/// a full redraw.
final class DamageTests: XCTestCase {
    /// Twelve cards, one of them tilting and fading inside a group: after each step the
    /// damaged redraw equals a full redraw exactly, and only the moving card's box is redrawn.
    func testDamagedRedrawOfAKeptFrameEqualsAFullRedraw() throws {
        let h = try RenderHarness.shared()
        let canvas = Size(240, 180)
        let cards = twelveCards()
        cards[5].opacity = 0.9   // a group from the start: later steps change values, not structure
        let last = try h.assertDamagedRedrawsEqualFullRedraws(
            cards, canvas: canvas, width: 240, height: 180, background: .black, steps: 1...3,
            change: { step in
                let moving = cards[5]
                moving.transform = Transform3D.rotation(Double(step) * 0.2, 0, 1, 0) * .perspective(300)
                moving.opacity = 0.9 - 0.2 * Double(step)
            },
            checkDamage: { step, _, damage in
                XCTAssertLessThan(damage.width * damage.height, 70 * 70, "only the moving card's box, step \(step)")
            },
            checkDamaged: { _ in XCTAssertGreaterThan(h.renderer.stats.damagePixels, 0) })
        var flattener = Flattener(), list = RenderList()
        flattener.flatten(cards, canvas: canvas, into: &list)
        XCTAssertNil(list.damage(since: last), "nothing changed: no damage")
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
        try h.assertDamagedRedrawsEqualFullRedraws(
            cards, canvas: canvas, width: 240, height: 180, background: .black, steps: 1...3,
            change: { step in cards[6].transform = Transform3D.rotation(Double(step) * 0.25, 1, 0, 0) * .perspective(300) },
            checkDamage: { step, list, damage in
                XCTAssertEqual(list.clips.count, 12)
                XCTAssertLessThan(damage.width * damage.height, 70 * 70, "only the moving card's box, step \(step)")
            })
    }

    /// A card that starts and stops being rasterized between frames (as a carousel does
    /// when it stops and moves again), tilting while it is not: each damaged redraw is
    /// that card's box only and equals a full redraw.
    func testARasterizationSwitchDamagesOnlyTheLayerAndEqualsAFullRedraw() throws {
        let h = try RenderHarness.shared()
        let canvas = Size(240, 180)
        let cards = twelveCards()
        try h.assertDamagedRedrawsEqualFullRedraws(
            cards, canvas: canvas, width: 240, height: 180, background: .black, steps: 1...6,
            change: { step in
                let card = cards[5]
                card.shouldRasterize = step % 2 == 0
                if step % 2 == 1 { card.transform = Transform3D.rotation(Double(step) * 0.1, 0, 1, 0) * .perspective(300) }
            },
            checkDamage: { step, _, damage in
                XCTAssertLessThan(damage.width * damage.height, 70 * 70, "only the switching card's box, step \(step)")
            })
    }

    /// Twelve 50-point cards with rounded corners in a 4x3 grid over a 240x180 canvas, each
    /// with a white badge.
    private func twelveCards() -> [Layer] {
        (0..<12).map { i in
            let card = fill("card\(i)", Color(Double(i) / 12, 0.5, 1 - Double(i) / 12), Double(i % 4) * 60 + 5, Double(i / 4) * 60 + 5, 50, 50)
            card.cornerRadius = 6
            card.addSublayer(fill("badge\(i)", .white, 10, 10, 20, 20))
            return card
        }
    }
}
