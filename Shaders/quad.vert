#version 330 core
// One layer quad per instance: a rectangle of the layer's bounds space mapped to clip
// space by the instance's model matrix, the layer's CA matrix times the canvas projection,
// multiplied on the CPU (stored row-major, read as columns, so model * v computes CA's
// v * M). The GPU divides by w.
// Every instance's data is one record of 15 vec4 in the instance buffer, read as
// per-instance attributes (divisor 1): one draw call draws every quad of a batch
// (DrawBatcher) with no uniform per quad.
//   i_model0-3  model matrix columns
//   i_outer     the drawn rectangle in bounds space, x, y, w, h (AA margin included)
//   i_fill      the rectangle drawn alone (the fully covered interior, or the whole
//               rectangle), and the ring's inner edge
//   i_content   content rectangle in bounds space: x, y, w, h
//   i_texRect   uv rectangle over the content (v = 0 is the image's top row)
//   i_color     premultiplied colour, or the opacity in every channel
//   i_shape     bounds size (w, h), corner radius, depth
//   i_clipMap   the quad's analytic clip (AnalyticClip): clip point = local * xy + zw
//   i_clipShape the clip's bounds width, height and corner radius; width 0: no clip;
//               w flags: 1 the clip's edge antialiased (else hard), 2, 4, 8, 16 the
//               quad's open sides min x, max x, min y, max y (SharedEdges), 32 the
//               content rectangle is the whole shape (QuadPlanner.pieceOnTarget), 64 x
//               4 bits the shape's square corners, 1024 x 4 bits the clip's (CornerMask)
//   i_tint      premultiplied colour of a same-shape colour layer above the quad, folded
//               into its draws (OverlayFolding): added to the interior (whose i_color is
//               then already scaled by 1 - i_tint.a), blended over the ring's coverage
//               in quad.frag; else 0
//   i_clipCover a rectangle of the clip's bounds space (x0, y0, x1, y1) where a later
//               opaque layer in the same soft clip covers the clip's edge band: this quad
//               draws nothing in the band there (ClipBandCovers); empty (x1 < x0): none
//   i_decor     x: a border's width (the shape less the shape inset by it); y, z: a
//               shadow's standard deviation and the inset of its shape (bounds units); else 0
// a_unit.xy (0...1) picks a corner of the outer rectangle (a_unit.z = 0) or of the fill
// rectangle (a_unit.z = 1): the same vertex buffer draws the fill rectangle (vertices
// 4..<8) or the ring between the two (8..<18, the antialiased border).
layout(location = 0) in vec3 a_unit;
layout(location = 1) in vec4 i_model0;
layout(location = 2) in vec4 i_model1;
layout(location = 3) in vec4 i_model2;
layout(location = 4) in vec4 i_model3;
layout(location = 5) in vec4 i_outer;
layout(location = 6) in vec4 i_fill;
layout(location = 7) in vec4 i_content;
layout(location = 8) in vec4 i_texRect;
layout(location = 9) in vec4 i_color;
layout(location = 10) in vec4 i_shape;
layout(location = 11) in vec4 i_clipMap;
layout(location = 12) in vec4 i_clipShape;
layout(location = 13) in vec4 i_tint;
layout(location = 14) in vec4 i_clipCover;
layout(location = 15) in vec4 i_decor;

out vec2 v_local;           // bounds-space position, perspective-correct
out vec2 v_uv;              // texture coordinate, linear in v_local (so interpolated exactly)
flat out vec2 v_size;       // bounds size (the layer's shape)
flat out float v_radius;    // corner radius of the shape
flat out vec4 v_content;    // content rectangle
flat out vec4 v_texRect;    // uv rectangle
flat out vec4 v_color;      // premultiplied colour
flat out vec4 v_clipMap;    // analytic clip (quad.frag)
flat out vec4 v_clipShape;
flat out vec4 v_tint;       // a colour layer folded on top (OverlayFolding)
flat out vec4 v_clipCover;  // the clip band a later opaque layer covers (quad.frag)
flat out vec4 v_decor;      // a border's width, a shadow's blur (quad.frag)

void main() {
    mat4 model = mat4(i_model0, i_model1, i_model2, i_model3);
    vec4 r = a_unit.z > 0.5 ? i_fill : i_outer;
    vec2 p = r.xy + a_unit.xy * r.zw;
    v_local = p;
    v_uv = i_texRect.xy + (p - i_content.xy) / max(abs(i_content.zw), vec2(1e-30)) * i_texRect.zw;
    v_size = i_shape.xy;
    v_radius = i_shape.z;
    v_content = i_content;
    v_texRect = i_texRect;
    v_color = i_color;
    v_clipMap = i_clipMap;
    v_clipShape = i_clipShape;
    v_tint = i_tint;
    v_clipCover = i_clipCover;
    v_decor = i_decor;
    vec4 clip = model * vec4(p, 0.0, 1.0);
    // z = depth * w: constant depth after the divide; w <= 0 is still clipped away.
    gl_Position = vec4(clip.xy, i_shape.w * clip.w, clip.w);
}
