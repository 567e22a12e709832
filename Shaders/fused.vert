#version 330 core
// A fused run of stacked layers (fused.frag): one screen-aligned rectangle in target
// pixels (gl_FragCoord space: origin at the bottom left), drawn once for all the layers.
// a_unit.xy (0...1) picks a corner of u_box; a_unit.z is ignored (only the whole strip).
layout(location = 0) in vec3 a_unit;

uniform vec4 u_box;        // x, y, w, h in target pixels (gl_FragCoord space)
uniform vec2 u_viewport;   // target size in pixels
uniform float u_depth;     // painter's order as NDC depth of the run's top layer

void main() {
    vec2 p = u_box.xy + a_unit.xy * u_box.zw;
    gl_Position = vec4(p / u_viewport * 2.0 - 1.0, u_depth, 1.0);
}
