#version 330 core
// The speed-of-light probe (parallax-bench): one texture sample, premultiplied, blended by
// the fixed-function stage. The least a compositor can do per visible pixel.
in vec2 v_uv;
uniform sampler2D u_texture;
out vec4 o_color;
void main() {
    o_color = texture(u_texture, v_uv);
}
