#version 330 core
// The speed-of-light probe (parallax-bench): a full-screen quad, nothing else.
layout(location = 0) in vec3 a_unit;
out vec2 v_uv;
void main() {
    v_uv = a_unit.xy;
    gl_Position = vec4(a_unit.xy * 2.0 - 1.0, 0.0, 1.0);
}
