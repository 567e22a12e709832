#version 330 core
// A video frame's conversion pass (video.frag): one triangle covering the target texture,
// v_uv (0,0) at its first texel row. Valid GLSL 3.30 core and (its version line replaced)
// ES 3.00.
precision highp float;
out vec2 v_uv;
void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    v_uv = p;
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
