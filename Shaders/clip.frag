#version 330 core
// Stencil-only pass for a masksToBounds clip: keeps fragments inside the rounded rect.
in vec2 v_local;
flat in vec2 v_size;        // from the instance record (quad.vert)
flat in float v_radius;
flat in vec4 v_clipShape;   // w: flags, 64 x 4 bits the shape's square corners (quad.vert)

out vec4 o_color;

float roundRectDistance(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + vec2(r);
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
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
    if (roundRectDistance(p - halfSize, halfSize, r) > 0.0) discard;
    o_color = vec4(0.0);
    // Nearer than any quad (they write window depths > 0): the shape reaches the stencil
    // wherever it lies when the depth test is on, with no state change around it.
    gl_FragDepth = 0.0;
}
