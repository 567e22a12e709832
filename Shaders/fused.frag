#version 330 core
// Several stacked layers composited in one pass: each layer's bounds-space position is
// worked out per fragment from gl_FragCoord through its own inverse homography, its
// colour or texture is sampled there with its opacity and its coverage (pixel-aligned
// square layers only: inside or outside its content rectangle), and the layers are combined
// premultiplied, bottom to top ("over"); the framebuffer blend (ONE, ONE_MINUS_SRC_ALPHA)
// then puts the result over what lies below, once.
// Variants (defines inserted by the renderer, one program per combination used):
//   LAYERS N         layers in the draw (2...8)
//   TEXTURED_MASK M  bit k set: layer k is textured (else a colour)
//   COVERED_MASK M   bit k set: layer k covers every pixel of the draw (no coverage)
// so that no layer's work hides in a branch (llvmpipe runs both sides of a branch).
#ifndef LAYERS
#define LAYERS 2
#endif
#ifndef TEXTURED_MASK
#define TEXTURED_MASK 0
#endif
#ifndef COVERED_MASK
#define COVERED_MASK 0
#endif

uniform mat3 u_inverse[8];    // (fragX, fragY, 1) -> homogeneous bounds-space point
uniform vec4 u_content[8];    // content rectangle in bounds space: x, y, w, h
uniform vec4 u_texRect[8];    // uv rectangle over the content rectangle
uniform vec4 u_color[8];      // premultiplied colour, or the opacity in every channel
uniform sampler2D u_texture0, u_texture1, u_texture2, u_texture3,
                  u_texture4, u_texture5, u_texture6, u_texture7;

out vec4 o_color;

// Layer k at this fragment, premultiplied and multiplied by its coverage.
vec4 layer(int k, sampler2D tex, bool textured, bool covered) {
    vec3 h = u_inverse[k] * vec3(gl_FragCoord.xy, 1.0);
    // h.z = 1/w of the bounds point seen here: <= 0 lies behind the eye (not this layer).
    float ahead = h.z > 0.0 ? 1.0 : 0.0;
    vec2 local = h.xy / (h.z > 0.0 ? h.z : 1.0);
    vec4 content = u_content[k], texRect = u_texRect[k];
    // Only pixel-aligned square layers fuse (LayerFusion): their edges lie on pixel
    // boundaries, so the coverage of a pixel is 1 when its centre is inside, else 0
    // (quad.frag's antialiased coverage gives exactly that for them).
    float coverage = ahead;
    if (!covered) {
        vec2 inside = step(content.xy, local) * step(local, content.xy + content.zw);
        coverage *= inside.x * inside.y;
    }
    vec4 c = u_color[k];
    if (textured) {
        vec2 uv = texRect.xy + (local - content.xy) / max(abs(content.zw), vec2(1e-30)) * texRect.zw;
        vec2 a = texRect.xy, b = texRect.xy + texRect.zw;
        c *= texture(tex, clamp(uv, min(a, b), max(a, b)));
    }
    return c * coverage;
}

vec4 over(vec4 top, vec4 below) { return top + below * (1.0 - top.a); }

#define LAYER(k, tex) layer(k, tex, ((TEXTURED_MASK >> k) & 1) != 0, ((COVERED_MASK >> k) & 1) != 0)

void main() {
    vec4 c = LAYER(0, u_texture0);
    c = over(LAYER(1, u_texture1), c);
#if LAYERS > 2
    c = over(LAYER(2, u_texture2), c);
#endif
#if LAYERS > 3
    c = over(LAYER(3, u_texture3), c);
#endif
#if LAYERS > 4
    c = over(LAYER(4, u_texture4), c);
#endif
#if LAYERS > 5
    c = over(LAYER(5, u_texture5), c);
#endif
#if LAYERS > 6
    c = over(LAYER(6, u_texture6), c);
#endif
#if LAYERS > 7
    c = over(LAYER(7, u_texture7), c);
#endif
    o_color = c;
}
