import CGL
import Foundation
import ParallaxKit
import XCTest
import _TestSupport

/// A framebuffer as an app would make one with its own GL: an RGBA8 colour renderbuffer
/// and, when asked, a depth-24/stencil-8 renderbuffer.
final class AppFramebuffer {
    let width: Int, height: Int
    private(set) var name: GLuint = 0
    private var color: GLuint = 0, depthStencil: GLuint = 0

    init(width: Int, height: Int, stencil: Bool) {
        self.width = width
        self.height = height
        glGenFramebuffers(1, &name)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        glGenRenderbuffers(1, &color)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
        if stencil {
            glGenRenderbuffers(1, &depthStencil)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencil)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER),
                                      depthStencil)
        }
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    deinit {
        glDeleteFramebuffers(1, &name)
        glDeleteRenderbuffers(1, &color)
        if depthStencil != 0 { glDeleteRenderbuffers(1, &depthStencil) }
    }

    /// Fills the whole framebuffer with a colour, as the app's own background.
    func clear(_ r: Float, _ g: Float, _ b: Float) {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), name)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(r, g, b, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }

    /// The RGBA pixel at (x, y) counted from the TOP-left (the row is flipped here).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &previous)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), name)
        var p: [UInt8] = [0, 0, 0, 0]
        glReadPixels(GLint(x), GLint(height - 1 - y), 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &p)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(previous))
        return p
    }
}

/// Asserts an RGBA pixel within `tolerance` per channel.
func assertRGBA(_ p: [UInt8], _ expected: [UInt8], tolerance: Int = 3, _ message: String = "",
                file: StaticString = #filePath, line: UInt = #line) {
    let ok = zip(p, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    XCTAssert(ok, "pixel \(p) != \(expected) \(message)", file: file, line: line)
}

/// Scenes written for these tests (canvas points; colours straight alpha).
enum TestScenes {
    /// A 100x100 canvas with a blue background and a red 40x40 square in the middle
    /// (canvas 30...70); `clipped` puts the square, turned by 0.3 radians, inside a rounded
    /// `masksToBounds` parent: a stencil clip (a square clip would be a scissor box, and one
    /// around an unturned square is tested in the quad shader).
    static func square(clipped: Bool = false) throws -> ParallaxHost {
        let red = #"{"name": "red", "bounds": [40, 40], "position": [50, 50], "color": [1, 0, 0, 1]}"#
        let turned = #"{"name": "red", "bounds": [40, 40], "position": [50, 50], "color": [1, 0, 0, 1], "transform": [{"rotate": [0.3, 0, 0, 1]}]}"#
        let layer = clipped
            ? #"{"kind": "layer", "name": "clip", "bounds": [100, 100], "position": [50, 50], "masksToBounds": true, "cornerRadius": 10, "sublayers": [\#(turned)]}"#
            : #"{"kind": "layer", "#  + red.dropFirst()
        let json = #"{"canvas": {"width": 100, "height": 100, "background": [0, 0, 1, 1]}, "components": [\#(layer)]}"#
        let images = ImageStore()
        let scene = try SceneLoader.parse(json, file: "test.json", directory: ".", images: images)
        return ParallaxHost(scene: scene, images: images)
    }
}
