#version 330 core
// 4:2:0 planes to opaque RGB, limited range: Y' = (Y - 16) / 219, C = (C - 128) / 224, R = Y' + k.x Cr,
// G = Y' - k.y Cb - k.z Cr, B = Y' + k.w Cb (u_k: BT.601 or BT.709). NV12 (u_nv12): Cb, Cr in u_u's
// red and green. Valid GLSL 3.30 core and (its version line replaced) ES 3.00.
precision highp float;
in vec2 v_uv;
uniform sampler2D u_y;
uniform sampler2D u_u;
uniform sampler2D u_v;
uniform vec4 u_k;
uniform int u_nv12;
out vec4 o_color;
void main() {
    float y = (texture(u_y, v_uv).r * 255.0 - 16.0) / 219.0;
    vec2 c = u_nv12 == 1 ? texture(u_u, v_uv).rg : vec2(texture(u_u, v_uv).r, texture(u_v, v_uv).r);
    float cb = (c.x * 255.0 - 128.0) / 224.0;
    float cr = (c.y * 255.0 - 128.0) / 224.0;
    vec3 rgb = vec3(y + u_k.x * cr, y - u_k.y * cb - u_k.z * cr, y + u_k.w * cb);
    o_color = vec4(clamp(rgb, 0.0, 1.0), 1.0);
}
