#version 330 core
// A video frame's 4:2:0 planes (one-channel textures) to opaque RGB, BT.601 limited range:
// Y' = (Y - 16) / 219, C = (C - 128) / 224, R = Y' + 1.402 Cr, G = Y' - 0.344136 Cb -
// 0.714136 Cr, B = Y' + 1.772 Cb. Valid GLSL 3.30 core and (its version line replaced) ES 3.00.
precision highp float;
in vec2 v_uv;
uniform sampler2D u_y;
uniform sampler2D u_u;
uniform sampler2D u_v;
out vec4 o_color;
void main() {
    float y = (texture(u_y, v_uv).r * 255.0 - 16.0) / 219.0;
    float cb = (texture(u_u, v_uv).r * 255.0 - 128.0) / 224.0;
    float cr = (texture(u_v, v_uv).r * 255.0 - 128.0) / 224.0;
    vec3 rgb = vec3(y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb);
    o_color = vec4(clamp(rgb, 0.0, 1.0), 1.0);
}
