#version 330 core
// One layer quad: a unit square mapped onto a rectangle of the layer's bounds space,
// then through the layer's CA matrix (row-major upload, transpose = GL_FALSE, so
// u_model * v computes CA's v * M) and the canvas projection. The GPU divides by w.
layout(location = 0) in vec2 a_unit;    // 0...1

uniform mat4 u_proj;    // canvas points -> clip space (+y down)
uniform mat4 u_model;   // bounds space -> canvas points (homogeneous)
uniform vec4 u_rect;    // drawn rectangle in bounds space: x, y, w, h (AA margin included)

out vec2 v_local;       // bounds-space position, perspective-correct

void main() {
    vec2 p = u_rect.xy + a_unit * u_rect.zw;
    v_local = p;
    gl_Position = u_proj * (u_model * vec4(p, 0.0, 1.0));
}
