#version 330 core
// Several stacked layers composited in one pass: each layer's bounds-space position is
// worked out per fragment from gl_FragCoord through its own inverse homography, its
// colour or texture is sampled there with its opacity, edge antialiasing and rounded-
// corner coverage exactly as quad.frag computes them, and the layers are combined
// premultiplied, bottom to top ("over"); the framebuffer blend (ONE, ONE_MINUS_SRC_ALPHA)
// then puts the result over what lies below, once.
// Variants: COUNT_VISIBLE  discard fragments that add nothing (the visible-pixel count).

uniform int u_count;          // layers in this draw (2...8)
uniform mat3 u_inverse[8];    // (fragX, fragY, 1) -> homogeneous bounds-space point
uniform vec4 u_shape[8];      // size.x, size.y, corner radius, flags: 1 textured, 2 fully covered
uniform vec4 u_content[8];    // content rectangle in bounds space: x, y, w, h
uniform vec4 u_texRect[8];    // uv rectangle over the content rectangle
uniform vec4 u_color[8];      // premultiplied colour, or the opacity in every channel
uniform sampler2D u_texture0, u_texture1, u_texture2, u_texture3,
                  u_texture4, u_texture5, u_texture6, u_texture7;

out vec4 o_color;

float roundRectDistance(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + vec2(r);
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}

// Layer k at this fragment, premultiplied and multiplied by its coverage.
vec4 layer(int k, sampler2D tex) {
    vec3 h = u_inverse[k] * vec3(gl_FragCoord.xy, 1.0);
    // h.z = 1/w of the bounds point seen here: <= 0 lies behind the eye (not this layer).
    float ahead = h.z > 0.0 ? 1.0 : 0.0;
    vec2 local = h.xy / (h.z > 0.0 ? h.z : 1.0);
    vec4 shape = u_shape[k], content = u_content[k], texRect = u_texRect[k];
    int flags = int(shape.w);
    float coverage = 1.0;
    if ((flags & 2) == 0) {
        vec2 halfSize = shape.xy * 0.5;
        float r = clamp(shape.z, 0.0, min(halfSize.x, halfSize.y));
        float dShape = roundRectDistance(local - halfSize, halfSize, r);
        vec2 halfContent = content.zw * 0.5;
        float dContent = roundRectDistance(local - (content.xy + halfContent), halfContent, 0.0);
        float d = max(dShape, dContent);
        float pixel = length(vec2(dFdx(d), dFdy(d)));
        coverage = clamp(0.5 - d / max(pixel, 1e-6), 0.0, 1.0) * ahead;
    }
    vec4 c = u_color[k];
    if ((flags & 1) != 0) {
        vec2 uv = texRect.xy + (local - content.xy) / max(abs(content.zw), vec2(1e-30)) * texRect.zw;
        vec2 a = texRect.xy, b = texRect.xy + texRect.zw;
        c *= texture(tex, clamp(uv, min(a, b), max(a, b)));
    }
    return c * coverage;
}

vec4 over(vec4 top, vec4 below) { return top + below * (1.0 - top.a); }

void main() {
    vec4 c = layer(0, u_texture0);
    c = over(layer(1, u_texture1), c);
    if (u_count > 2) c = over(layer(2, u_texture2), c);
    if (u_count > 3) c = over(layer(3, u_texture3), c);
    if (u_count > 4) c = over(layer(4, u_texture4), c);
    if (u_count > 5) c = over(layer(5, u_texture5), c);
    if (u_count > 6) c = over(layer(6, u_texture6), c);
    if (u_count > 7) c = over(layer(7, u_texture7), c);
    o_color = c;
#if defined(COUNT_VISIBLE)
    if (o_color == vec4(0.0)) discard;
#endif
}
