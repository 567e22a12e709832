#version 330 core
// One layer quad: a rectangle of the layer's bounds space mapped to clip space by u_model,
// the layer's CA matrix times the canvas projection, multiplied on the CPU (row-major
// upload, transpose = GL_FALSE, so u_model * v computes CA's v * M). The GPU divides by w.
// a_unit.xy (0...1) picks a corner of u_rect (a_unit.z = 0) or of u_inner (a_unit.z = 1):
// the same vertex buffer draws the whole rectangle, its inner rectangle, or the ring
// between them (the antialiased border).
layout(location = 0) in vec3 a_unit;

uniform mat4 u_model;   // bounds space -> clip space (homogeneous, +y down on screen)
uniform vec4 u_rect;    // drawn rectangle in bounds space: x, y, w, h (AA margin included)
uniform vec4 u_inner;   // inner rectangle (fully covered interior), for the ring and interior draws
uniform float u_depth;  // painter's order as NDC depth (later = nearer); not 3D depth
uniform vec4 u_content; // content rectangle in bounds space: x, y, w, h
uniform vec4 u_texRect; // uv rectangle over u_content (v = 0 is the image's top row)

out vec2 v_local;       // bounds-space position, perspective-correct
out vec2 v_uv;          // texture coordinate, linear in v_local (so interpolated exactly)

void main() {
    vec4 r = a_unit.z > 0.5 ? u_inner : u_rect;
    vec2 p = r.xy + a_unit.xy * r.zw;
    v_local = p;
    v_uv = u_texRect.xy + (p - u_content.xy) / max(abs(u_content.zw), vec2(1e-30)) * u_texRect.zw;
    vec4 clip = u_model * vec4(p, 0.0, 1.0);
    // z = depth * w: constant depth after the divide; w <= 0 is still clipped away.
    gl_Position = vec4(clip.xy, u_depth * clip.w, clip.w);
}
