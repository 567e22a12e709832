#version 330 core
// Stencil-only pass for a masksToBounds clip: keeps fragments inside the rounded rect.
in vec2 v_local;
flat in vec2 v_size;        // from the instance record (quad.vert)
flat in float v_radius;

out vec4 o_color;

float roundRectDistance(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + vec2(r);
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}

void main() {
    vec2 halfSize = v_size * 0.5;
    float r = clamp(v_radius, 0.0, min(halfSize.x, halfSize.y));
    // A pixel centre on an edge: moved 1/64 pixel down and right first, as in quad.frag's
    // analytic clip, so GL's fill rule decides it and both ways of clipping agree.
    vec2 p = v_local + fwidth(v_local) * (1.0 / 64.0);
    if (roundRectDistance(p - halfSize, halfSize, r) > 0.0) discard;
    o_color = vec4(0.0);
    // Nearer than any quad (they write window depths > 0): the shape reaches the stencil
    // wherever it lies when the depth test is on, with no state change around it.
    gl_FragDepth = 0.0;
}
