#version 330 core
// One layer quad per instance: a rectangle of the layer's bounds space mapped to clip
// space by the instance's model matrix, the layer's CA matrix times the canvas projection,
// multiplied on the CPU (stored row-major, read as columns, so model * v computes CA's
// v * M). The GPU divides by w.
// Every instance's data is one record of 10 texels in u_instances (a buffer texture, one
// RGBA32F texel per vec4), record u_base + gl_InstanceID: one draw call draws every quad of
// a batch (DrawBatcher) with no uniform per quad.
//   0-3  model matrix columns
//   4    outer: the drawn rectangle in bounds space, x, y, w, h (AA margin included)
//   5    fill: the rectangle drawn alone (the fully covered interior, or the whole
//        rectangle), and the ring's inner edge
//   6    content rectangle in bounds space: x, y, w, h
//   7    uv rectangle over the content (v = 0 is the image's top row)
//   8    premultiplied colour, or the opacity in every channel
//   9    bounds size (w, h), corner radius, depth
// a_unit.xy (0...1) picks a corner of the outer rectangle (a_unit.z = 0) or of the fill
// rectangle (a_unit.z = 1): the same vertex buffer draws the fill rectangle (vertices
// 4..<8) or the ring between the two (8..<18, the antialiased border).
layout(location = 0) in vec3 a_unit;

uniform samplerBuffer u_instances;
uniform int u_base;

out vec2 v_local;           // bounds-space position, perspective-correct
out vec2 v_uv;              // texture coordinate, linear in v_local (so interpolated exactly)
flat out vec2 v_size;       // bounds size (the layer's shape)
flat out float v_radius;    // corner radius of the shape
flat out vec4 v_content;    // content rectangle
flat out vec4 v_texRect;    // uv rectangle
flat out vec4 v_color;      // premultiplied colour

void main() {
    int i = (u_base + gl_InstanceID) * 10;
    mat4 model = mat4(texelFetch(u_instances, i), texelFetch(u_instances, i + 1),
                      texelFetch(u_instances, i + 2), texelFetch(u_instances, i + 3));
    vec4 r = a_unit.z > 0.5 ? texelFetch(u_instances, i + 5) : texelFetch(u_instances, i + 4);
    vec4 content = texelFetch(u_instances, i + 6);
    vec4 texRect = texelFetch(u_instances, i + 7);
    vec4 shape = texelFetch(u_instances, i + 9);
    vec2 p = r.xy + a_unit.xy * r.zw;
    v_local = p;
    v_uv = texRect.xy + (p - content.xy) / max(abs(content.zw), vec2(1e-30)) * texRect.zw;
    v_size = shape.xy;
    v_radius = shape.z;
    v_content = content;
    v_texRect = texRect;
    v_color = texelFetch(u_instances, i + 8);
    vec4 clip = model * vec4(p, 0.0, 1.0);
    // z = depth * w: constant depth after the divide; w <= 0 is still clipped away.
    gl_Position = vec4(clip.xy, shape.w * clip.w, clip.w);
}
