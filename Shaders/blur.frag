#version 330 core
// One pass of a separable Gaussian blur, made once when a shadow's shape becomes a texture:
// taps at whole texels -u_radius...u_radius along u_step, tap k weighted u_weights[|k|]
// (normalised on the CPU); outside the texture counts as clear (as the CPU blur it replaces).
in vec2 v_uv;
uniform sampler2D u_texture;
uniform vec2 u_step;
uniform int u_radius;
uniform float u_weights[25];
out vec4 o_color;
void main() {
    vec4 sum = vec4(0.0);
    for (int k = -u_radius; k <= u_radius; ++k) {
        vec2 uv = v_uv + float(k) * u_step;
        if (uv.x > 0.0 && uv.x < 1.0 && uv.y > 0.0 && uv.y < 1.0) sum += u_weights[abs(k)] * texture(u_texture, uv);
    }
    o_color = sum;
}
