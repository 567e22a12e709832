import Components
import Input
import LayerMath

/// Deterministic input for a benchmark scene, so every run does the same work: the
/// carousel and grid get arrow presses, the cube a drag, the header wheel scrolls.
enum BenchScript {
    static func events(scene name: String, canvas: Size, duration: Double) -> [TimedEvent] {
        var events: [TimedEvent] = []
        var t = 0.25
        let centre = Point(canvas.width / 2, canvas.height / 2)
        switch name {
        case "cube":
            events.append(TimedEvent(time: 0.1, event: .pointer(centre, button: .left, down: true)))
            var k = 0
            while t < duration {
                let x = centre.x + 200 * sin(Double(k) * 0.05)
                events.append(TimedEvent(time: t, event: .move(Point(x, centre.y + 50 * cos(Double(k) * 0.03)))))
                t += 1.0 / 60
                k += 1
            }
        case "header":
            var down = true
            while t < duration {
                events.append(TimedEvent(time: t, event: .wheel(dx: 0, dy: down ? -120 : 120)))
                t += 0.5
                if Int(t * 2) % 8 == 0 { down.toggle() }
            }
        case "button":
            break   // the scene is active: auto rotation does the work
        default:
            // Carousels, grids and scene files: a press every 0.5 s, four right then four left.
            var k = 0
            while t < duration {
                let key = (k / 4) % 2 == 0 ? "Right" : "Left"
                events.append(TimedEvent(time: t, event: .key(key, down: true)))
                events.append(TimedEvent(time: t + 0.05, event: .key(key, down: false)))
                t += 0.5
                k += 1
            }
        }
        return events
    }
}

#if canImport(Glibc)
import Glibc
#endif
