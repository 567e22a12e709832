#version 330 core
// Stencil-only pass for a masksToBounds clip: keeps fragments inside the rounded rect.
// CONTINUOUS: its corners may be continuous (flag 16384); without it they are circles.
in vec2 v_local;
flat in vec2 v_size;        // from the instance record (quad.vert)
flat in float v_radius;
flat in vec4 v_clipShape;   // w: flags, 64 x 4 bits the shape's square corners, 16384 its
                            // continuous corners (quad.vert)

out vec4 o_color;

// Signed distance (bounds units) to a rectangle whose corners reach r along each edge:
// circles, or with `continuous` (CornerCurve) superellipses |x|^3 + |y|^3 = r^3 taken to
// first order (exact on the curve; pixels come from its gradient).
float roundRectDistance(vec2 p, vec2 halfSize, float r, bool continuous) {
    vec2 q = abs(p) - halfSize + vec2(r);
    vec2 o = max(q, 0.0);
#if defined(CONTINUOUS)
    float outside = continuous && r > 0.0 ? r + (dot(o * o, o) - r * r * r) / (3.0 * r * r) : length(o);
#else
    float outside = length(o);
#endif
    return min(max(q.x, q.y), 0.0) + outside - r;
}

void main() {
    vec2 halfSize = v_size * 0.5;
    // A pixel centre on an edge: moved 1/64 pixel down and right first, as in quad.frag's
    // analytic clip, so GL's fill rule decides it and both ways of clipping agree.
    vec2 p = v_local + fwidth(v_local) * (1.0 / 64.0);
    // The radius of the nearest corner, 0 where its bit is set (CornerMask).
    int square = (int(v_clipShape.w + 0.5) >> 6) & 15;
    int bit = ((p - halfSize).x < 0.0 ? 1 : 2) * ((p - halfSize).y < 0.0 ? 1 : 4);
    float r = (square & bit) != 0 ? 0.0 : clamp(v_radius, 0.0, min(halfSize.x, halfSize.y));
    bool continuous = (int(v_clipShape.w + 0.5) & 16384) != 0;
    if (roundRectDistance(p - halfSize, halfSize, r, continuous) > 0.0) discard;
    o_color = vec4(0.0);
    // Nearer than any quad (they write window depths > 0): the shape reaches the stencil
    // wherever it lies when the depth test is on, with no state change around it.
    gl_FragDepth = 0.0;
}
