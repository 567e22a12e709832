#version 330 core
// One pass of a separable Gaussian blur, made once when a shadow's shape becomes a texture:
// taps at whole texels out to 3 standard deviations along u_step, weights summing to 1 over
// all the taps; outside the texture counts as clear (as the CPU blur it replaces).
in vec2 v_uv;
uniform sampler2D u_texture;
uniform vec2 u_step;
uniform float u_sigma;
out vec4 o_color;
void main() {
    int r = int(ceil(3.0 * u_sigma));
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int k = -r; k <= r; ++k) {
        float w = exp(-float(k * k) / (2.0 * u_sigma * u_sigma));
        vec2 uv = v_uv + float(k) * u_step;
        total += w;
        if (uv.x > 0.0 && uv.x < 1.0 && uv.y > 0.0 && uv.y < 1.0) sum += w * texture(u_texture, uv);
    }
    o_color = sum / total;
}
