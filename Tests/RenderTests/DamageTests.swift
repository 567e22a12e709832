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

    /// A damage covering 40 % of the target or more is redrawn whole (a full clear is
    /// cheaper than a shaded partial one on a CPU rasteriser): the redrawn pixels are the
    /// whole target's, the reported box is still the damage (what changed, for a partial
    /// present), and the pixels equal a full redraw. Just under 40 %, only the damage is
    /// redrawn. Damage sizes by hand: a 140x100-point square moving 10 points right on a
    /// 240x180 canvas at one pixel per point damages 150x100 points, 34.7 % of the target,
    /// grown by 2 pixels a side for the scissor: 154x104 = 37.1 %; a 160x110 one 170x110,
    /// grown 174x114 = 45.9 %.
    func testADamageOverFortyPercentOfTheFrameRedrawsItWhole() throws {
        let h = try RenderHarness.shared()
        let canvas = Size(240, 180)
        for (w, hgt, whole) in [(140.0, 100.0, false), (160.0, 110.0, true)] {
            let square = fill("square", Color(0.9, 0.3, 0.1), 20, 30, w, hgt)
            let badge = fill("badge", .white, 70, 2, 20, 20)
            try h.assertDamagedRedrawsEqualFullRedraws(
                [badge, square], canvas: canvas, width: 240, height: 180, background: .black, steps: 1...1,
                change: { _ in square.position.x += 10 },
                checkDamage: { _, _, damage in
                    XCTAssertEqual(damage.width, w + 10, accuracy: 1e-9)
                    XCTAssertEqual(damage.height, hgt, accuracy: 1e-9)
                },
                checkDamaged: { _ in
                    let s = h.renderer.stats
                    let box = (Int(w) + 10 + 4) * (Int(hgt) + 4)
                    XCTAssertEqual(s.damagePixels, whole ? 240 * 180 : box, "\(w)x\(hgt)")
                    XCTAssertEqual(s.damageWidth * s.damageHeight, box, "the damage box, redrawn whole or not")
                    XCTAssertEqual(s.damageX, 18)
                })
        }
    }

    /// A damaged redraw clears its region with an opaque quad of the background (Mesa draws
    /// a scissored glClear as a quad anyway), through the scissor: pixels just outside the
    /// damage keep what the kept frame held, including ones the new frame would change.
    /// Here the kept frame is cleared to green, and a damaged redraw of a moving square must
    /// repaint only its boxes (rounded out, 2 pixels more a side) with the black
    /// background, the last column and row of the damage included.
    func testTheBackgroundQuadClearsOnlyTheDamage() throws {
        let h = try RenderHarness.shared()
        let canvas = Size(240, 180)
        let fb = try Framebuffer(width: 240, height: 180)
        defer { fb.destroy() }
        let square = fill("square", Color(1, 1, 1), 100.25, 60.5, 20, 20)
        var flattener = Flattener(), before = RenderList(), after = RenderList()
        flattener.flatten([square], canvas: canvas, into: &before)
        h.renderer.render(before, into: .framebuffer(fb), images: h.images, background: Color(0, 1, 0))
        square.position.x += 10
        flattener.flatten([square], canvas: canvas, into: &after)
        let damage = try XCTUnwrap(after.damage(since: before))
        h.renderer.render(after, into: .framebuffer(fb), images: h.images, background: .black, damage: damage)
        // The square's old and new boxes: x 100.25...130.25, y 60.5...80.5; in whole pixels,
        // rounded out and 2 more a side: x 98..<133, y 58..<83.
        XCTAssertEqual(h.renderer.stats.damagePixels, 35 * 25)
        let image = h.renderer.readPixels(fb)
        assertPixel(image, 98, 70, (0, 0, 0, 255), tolerance: 0, "cleared: the damage's first column")
        assertPixel(image, 97, 70, (0, 255, 0, 255), tolerance: 0, "kept: just left of the damage")
        assertPixel(image, 132, 70, (0, 0, 0, 255), tolerance: 0, "cleared: the damage's last column")
        assertPixel(image, 133, 70, (0, 255, 0, 255), tolerance: 0, "kept: just right of the damage")
        assertPixel(image, 120, 58, (0, 0, 0, 255), tolerance: 0, "cleared: the damage's first row")
        assertPixel(image, 120, 57, (0, 255, 0, 255), tolerance: 0, "kept: just above the damage")
        assertPixel(image, 120, 82, (0, 0, 0, 255), tolerance: 0, "cleared: the damage's last row")
        assertPixel(image, 120, 83, (0, 255, 0, 255), tolerance: 0, "kept: just below the damage")
        assertPixel(image, 120, 70, (255, 255, 255, 255), tolerance: 0, "the square")
        assertPixel(image, 105, 70, (0, 0, 0, 255), tolerance: 0, "where the square was")
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
