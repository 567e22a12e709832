#version 330 core
// Colour or texture fill of a layer, premultiplied, with an analytic rounded-rect
// coverage (about 1 pixel of antialiasing on straight and rounded edges).
// Variants (defines inserted by the renderer after the #version line):
//   PLAIN     no coverage at all: for interiors known to be fully covered
//   TEXTURED  always textured (no u_textured branch); COLORED: never textured
//   COUNT_VISIBLE  discard fragments that add nothing (the visible-pixel count)
//   BORDER    the border's ring of v_decor; SHADOW: the blurred shape of v_decor instead of
//             the quad's edge (only borders and shadows use them: llvmpipe pays for every
//             branch, taken or not); SHARP_CORNERS (with SHADOW): corners past 2.5 sigma
//   CONTINUOUS corners may be continuous (flags 16384, 32768); without it they are circles
//   NINE_SLICE a sliced image (with TEXTURED): v_decor holds the centre band in bounds
//             space (x0, y0, x1, y1) and v_tint its texture coordinates; no folded tint
// Per-quad values arrive as flat inputs from the instance record (quad.vert).
in vec2 v_local;
in vec2 v_uv;               // texture coordinate from the vertex shader
flat in vec2 v_size;        // bounds size (the layer's shape)
flat in float v_radius;     // corner radius of the shape
flat in vec4 v_content;     // content rectangle in bounds space: x, y, w, h
flat in vec4 v_texRect;     // uv rectangle (v = 0 is the image's top row): x, y, w, h
flat in vec4 v_color;       // premultiplied colour, or the opacity in every channel
flat in vec4 v_clipMap;     // the quad's clip (AnalyticClip): clip point = v_local * xy + zw
flat in vec4 v_clipShape;   // the clip's bounds width, height, corner radius (width 0: no clip),
                            // and flags: 1 its edge antialiased (else hard), 2, 4, 8, 16 the
                            // quad's open sides min x, max x, min y, max y (SharedEdges), 32 the
                            // content rectangle is the whole shape (QuadPlanner.pieceOnTarget), 64 x 4
                            // bits the shape's square corners, 1024 x 4 bits the clip's (CornerMask),
                            // 16384 the shape's corners continuous, 32768 the clip's (CornerCurve)
flat in vec4 v_clipCover;   // clip-space rectangle x0, y0, x1, y1 where a later opaque layer of the
                            // same soft clip covers its edge band (ClipBandCovers); empty: none
flat in vec4 v_tint;        // a same-shape colour layer folded on top (OverlayFolding), premultiplied:
                            // the interior's v_color is already scaled by 1 - v_tint.a, the ring's is not
flat in vec4 v_decor;       // x > 0: a border this wide (the shape less the shape inset by x, its
                            // radius less x); y > 0: a shadow, the shape inset by z blurred by a
                            // Gaussian of standard deviation y (bounds units)

uniform int u_textured;     // 1: multiply v_color by the texture
uniform int u_antialias;    // 1: smooth edges, 0: hard edges (MSAA targets)
uniform sampler2D u_texture;

out vec4 o_color;

// Signed distance (bounds units) to a rectangle whose corners reach r along each edge:
// circles, or with `continuous` (CornerCurve) superellipses |x|^3 + |y|^3 = r^3 taken to
// first order (exact on the curve; pixels come from its gradient).
float roundRectDistance(vec2 p, vec2 halfSize, float r, bool continuous) {
    vec2 q = abs(p) - halfSize + vec2(r);
    vec2 o = max(q, 0.0);
#if defined(CONTINUOUS)
    float outside = continuous && r > 0.0 ? r + (dot(o * o, o) - r * r * r) / (3.0 * r * r) : length(o);
#else
    float outside = length(o);
#endif
    return min(max(q.x, q.y), 0.0) + outside - r;
}

// Signed distance in pixels to a square-cornered rectangle of bounds space, each axis's
// distance converted by its own bounds units per pixel `g`: a layer scaled more along one
// axis measures its near edge, where one distance in bounds units took the far one (the
// first pixels of a long edge near a corner came out whole).
float boxPixels(vec2 p, vec2 halfSize, vec2 g) {
    vec2 q = (abs(p) - halfSize) / g;
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0));
}

// Radius r at the corner nearest p (relative to the centre, +y down), 0 where that corner's
// bit is set in `square` (1 min x min y, 2 max x min y, 4 min x max y, 8 max x max y).
float cornerRadiusAt(vec2 p, float r, int square) {
    int bit = (p.x < 0.0 ? 1 : 2) * (p.y < 0.0 ? 1 : 4);
    return (square & bit) != 0 ? 0.0 : r;
}

#if defined(SHADOW)
// erf(x) for both components (Abramowitz and Stegun 7.1.27, error below 5e-4).
vec2 erf2(vec2 x) {
    vec2 s = sign(x), a = abs(x);
    vec2 t = 1.0 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a;
    t *= t;
    return s - s / (t * t);
}

// The Gaussian mass of the four corners a radius r cuts off a rectangle, at a = |p|. Each
// cut (the corner's square less its quarter disc: area 0.2146 r^2, centroid 0.7766 r out
// from the disc's centre along the diagonal, variances 0.01448 r^2 along it and 0.05584 r^2
// across) is taken as the Gaussian of those moments, convolved with the blur: closed form,
// within 1/255 of the integral while r <= 2.5 sigma.
float cornerCuts(vec2 a, vec2 halfSize, float r, float sigma) {
    vec2 centre = halfSize - vec2(0.2233679 * r);
    float along = sigma * sigma + 0.0144754 * r * r, across = sigma * sigma + 0.0558420 * r * r;
    vec4 sx = vec4(1.0, -1.0, 1.0, -1.0), sy = vec4(1.0, 1.0, -1.0, -1.0);
    vec4 dx = vec4(a.x) - sx * centre.x, dy = vec4(a.y) - sy * centre.y;
    vec4 u = (dx * sx + dy * sy) * 0.70710678, v = (dx * sy - dy * sx) * 0.70710678;
    vec4 e = exp(-u * u / (2.0 * along) - v * v / (2.0 * across));
    return 0.2146018 * r * r * dot(e, vec4(1.0)) / (6.2831853 * sqrt(along * across));
}

// Coverage of a rounded rectangle centred at 0 convolved with a Gaussian of standard
// deviation `sigma`: the square-cornered rectangle's, exact (erf x erf), less what the
// corners cut off. Three sigma clear of the corners' rows or columns that is below 1/700.
// Nearer: the closed form (cornerCuts); with SHARP_CORNERS (corners past 2.5 sigma, a
// program of their own: llvmpipe runs every instruction of a shader, branch taken or not)
// the corner's rows within 3 sigma of p, each exact along x (erf), summed by 2-point
// Gauss-Legendre on one to three panels of up to 2 sigma.
float blurredRoundRect(vec2 p, vec2 halfSize, float r, float sigma) {
    vec2 k = vec2(sqrt(0.5) / sigma);
    vec2 c = 0.5 * (erf2((p + halfSize) * k) - erf2((p - halfSize) * k));
    vec2 a = abs(p);
    if (r <= 0.0 || a.y <= halfSize.y - r - 3.0 * sigma || a.x <= halfSize.x - r - 3.0 * sigma) return c.x * c.y;
#if !defined(SHARP_CORNERS)
    return c.x * c.y - cornerCuts(a, halfSize, r, sigma);
#else
    // Rows t (shape space, folded to p's side) of the corner: halfSize.y - r ... halfSize.y,
    // below p (near side) and mirrored beyond the centre (far side, for short shapes).
    float t0 = halfSize.y - r, cut = 0.0;
    for (int side = 0; side < 2; side++) {
        float py = side == 0 ? a.y : -a.y;
        float lo = max(t0, py - 3.0 * sigma), hi = min(halfSize.y, py + 3.0 * sigma);
        if (hi <= lo) continue;
        int panels = int(clamp(ceil((hi - lo) / (2.0 * sigma)), 1.0, 3.0));
        float step = 0.5 * (hi - lo) / float(panels);
        for (int j = 0; j < 3; j++) {
            if (j >= panels) break;
            // The panel's two nodes at once: each row's half width, and what the corner cuts off it.
            vec2 t = vec2(lo + (2.0 * float(j) + 1.0) * step) + vec2(-0.57735027, 0.57735027) * step;
            vec2 d = t - vec2(t0);
            vec2 w = halfSize.x - r + sqrt(max(r * r - d * d, 0.0));
            vec2 row = 0.5 * (erf2((vec2(a.x) + w) * k) - erf2((vec2(a.x) - w) * k));
            vec2 g = exp(-(vec2(py) - t) * (vec2(py) - t) / (2.0 * sigma * sigma));
            cut += dot(vec2(c.x) - row, g) * step;
        }
    }
    return c.x * c.y - cut / (sqrt(2.0 * 3.14159265) * sigma);
#endif
}
#endif

// The antialiasing margin lies outside the content rectangle: sample its edge there.
vec2 clampedUV() {
    vec2 a = v_texRect.xy, b = v_texRect.xy + v_texRect.zw;
    return clamp(v_uv, min(a, b), max(a, b));
}

#if defined(NINE_SLICE)
// One axis of a sliced image: linear in each band, the content [c0, c1] showing the
// texture [t0, t1] and its centre [a0, a1] showing [u0, u1] (NineSlice.map). Sampled at
// least `h` (half a texel) inside its band, as CSS draws each piece of a border-image alone.
float sliceAxis(float x, float c0, float c1, float a0, float a1, float t0, float t1, float u0, float u1, float h) {
    float u, lo, hi;
    if (x < a0) {
        u = a0 > c0 ? t0 + (x - c0) / (a0 - c0) * (u0 - t0) : u0; lo = t0; hi = u0;
    } else if (x > a1) {
        u = c1 > a1 ? u1 + (x - a1) / (c1 - a1) * (t1 - u1) : u1; lo = u1; hi = t1;
    } else {
        u = a1 > a0 ? u0 + (x - a0) / (a1 - a0) * (u1 - u0) : u0; lo = u0; hi = u1;
    }
    float middle = 0.5 * (lo + hi), reach = max(0.5 * abs(hi - lo) - h, 0.0);
    return clamp(u, middle - reach, middle + reach);
}

vec2 slicedUV() {
    vec2 c1 = v_content.xy + v_content.zw, t1 = v_texRect.xy + v_texRect.zw;
    vec2 h = 0.5 / vec2(textureSize(u_texture, 0));
    return vec2(sliceAxis(v_local.x, v_content.x, c1.x, v_decor.x, v_decor.z, v_texRect.x, t1.x, v_tint.x, v_tint.z, h.x),
                sliceAxis(v_local.y, v_content.y, c1.y, v_decor.y, v_decor.w, v_texRect.y, t1.y, v_tint.y, v_tint.w, h.y));
}
#endif

vec4 fill() {
    vec4 c = v_color;
#if defined(NINE_SLICE)
    c *= texture(u_texture, slicedUV());
#elif defined(TEXTURED) && defined(PLAIN)
    // Interiors lie inside the content rectangle: no clamp needed.
    c *= texture(u_texture, v_uv);
#elif defined(TEXTURED)
    c *= texture(u_texture, clampedUV());
#elif !defined(COLORED)
    if (u_textured == 1) c *= texture(u_texture, clampedUV());
#endif
    return c;
}

void main() {
#if defined(PLAIN)
    // "Over" with the folded colour layer: v_color already carries its 1 - alpha.
    o_color = fill() + v_tint;
#else
    int flags = int(v_clipShape.w + 0.5);
    vec2 halfSize = v_size * 0.5;
    vec2 halfContent = v_content.zw * 0.5;
    // Bounds units per pixel along each axis of bounds space (a step of one pixel across an
    // edge x = c changes x by g.x): distances along x and y become pixels separately.
    vec2 g = max(vec2(length(vec2(dFdx(v_local.x), dFdy(v_local.x))),
                      length(vec2(dFdx(v_local.y), dFdy(v_local.y)))), vec2(1e-30));
#if defined(SHADOW)
    // A shadow: its shape (the quad inset by v_decor.z) blurred; the quad's edge adds nothing.
    vec2 halfShape = max(halfSize - vec2(v_decor.z), vec2(0.0));
    // Masked corners: rounded when any corner is (the blur takes one radius).
    float rs = ((flags >> 6) & 15) == 15 ? 0.0 : clamp(v_radius, 0.0, min(halfShape.x, halfShape.y));
    // A continuous corner blurs as the circle through its point at 45 degrees (radius 0.7044 x
    // its reach, CornerCurve): the blur hides the rest of the difference.
    if ((flags & 16384) != 0) rs *= 0.7044;
    float coverage = clamp(blurredRoundRect(v_local - halfSize, halfShape, rs, v_decor.y), 0.0, 1.0);
#else
    // A rounded shape's distance (bounds units) becomes pixels through its own gradient,
    // taken here where every pixel of the 2x2 block computes it.
    float r = cornerRadiusAt(v_local - halfSize, clamp(v_radius, 0.0, min(halfSize.x, halfSize.y)), (flags >> 6) & 15);
    bool continuous = (flags & 16384) != 0;
    float dRound = roundRectDistance(v_local - halfSize, halfSize, r, continuous);
    float dRoundPixels = dRound / max(length(vec2(dFdx(dRound), dFdy(dRound))), 1e-30);
    float d;   // signed distance to the quad's edge, pixels
    if ((flags & 32) != 0) {
        // The content rectangle alone: a square-cornered quad cut to its piece on the
        // target (QuadPlanner.pieceOnTarget), whose bounds add nothing and overflow floats.
        d = boxPixels(v_local - (v_content.xy + halfContent), halfContent, g);
    } else if ((flags & 30) == 0) {
        float dShape = r > 0.0 ? dRoundPixels : boxPixels(v_local - halfSize, halfSize, g);
        float dContent = boxPixels(v_local - (v_content.xy + halfContent), halfContent, g);
        d = max(dShape, dContent);
    } else {
        // Open sides (a later opaque quad shares that edge: SharedEdges) have no edge: the
        // shape and content rectangles reach far past them (open quads have square corners).
        float far = v_size.x + v_size.y + 1.0;
        vec2 openLo = vec2((flags & 2) != 0 ? far : 0.0, (flags & 8) != 0 ? far : 0.0);
        vec2 openHi = vec2((flags & 4) != 0 ? far : 0.0, (flags & 16) != 0 ? far : 0.0);
        vec2 grow = (openLo + openHi) * 0.5, shift = (openHi - openLo) * 0.5;
        float dShape = boxPixels(v_local - (halfSize + shift), halfSize + grow, g);
        float dContent = boxPixels(v_local - (v_content.xy + halfContent + shift), halfContent + grow, g);
        d = max(dShape, dContent);
    }
    float coverage;
    if (u_antialias == 1) {
        coverage = clamp(0.5 - d, 0.0, 1.0);
    } else {
        coverage = d <= 0.0 ? 1.0 : 0.0;
    }
#endif
#if defined(BORDER)
    if (v_decor.x > 0.0) {
        // A border: the part of the shape outside the shape inset by its width.
        vec2 halfInner = halfSize - vec2(v_decor.x);
        if (halfInner.x > 0.0 && halfInner.y > 0.0) {
            // The inner corner is the same curve for a radius less the width (its reach
            // less 1.528665 widths for continuous corners: CornerCurve).
            float ri = max(r - v_decor.x * (continuous ? 1.528665 : 1.0), 0.0);
            float di = roundRectDistance(v_local - halfSize, halfInner, ri, continuous);
            float diPixels = ri > 0.0 ? di / max(length(vec2(dFdx(di), dFdy(di))), 1e-30)
                                      : boxPixels(v_local - halfSize, halfInner, g);
            coverage *= u_antialias == 1 ? clamp(0.5 + diPixels, 0.0, 1.0) : (diPixels > 0.0 ? 1.0 : 0.0);
        }
    }
#endif
    if (v_clipShape.x > 0.0) {
        vec2 halfClip = v_clipShape.xy * 0.5;
        vec2 p = v_local * v_clipMap.xy + v_clipMap.zw;
        float rc = cornerRadiusAt(p - halfClip, clamp(v_clipShape.z, 0.0, min(halfClip.x, halfClip.y)), (flags >> 10) & 15);
        if ((flags & 1) != 0) {
            // Soft: the clip's own coverage, as the quad's edge gets it, and the smaller of
            // the two (where the quad's edge lies on the clip's, both give the same value; a
            // product would count that edge twice).
            // In pixels as the quad's own: a square clip's sides along their own axes (the clip
            // point moves by v_clipMap.xy bounds units of the clip per unit of the quad's).
            float dc = roundRectDistance(p - halfClip, halfClip, rc, (flags & 32768) != 0);
            float dcPixels = rc > 0.0 ? dc / max(length(vec2(dFdx(dc), dFdy(dc))), 1e-30)
                                      : boxPixels(p - halfClip, halfClip, max(g * abs(v_clipMap.xy), vec2(1e-30)));
            float cc = clamp(0.5 - dcPixels, 0.0, 1.0);
            // In the band, a later opaque layer of this clip gives the pixel cc of itself
            // and 1 - cc of what lies behind the clip's layers: this one must add nothing.
            if (cc < 1.0 && all(greaterThanEqual(p, v_clipCover.xy)) && all(lessThanEqual(p, v_clipCover.zw))) cc = 0.0;
            coverage = min(coverage, cc);
        } else {
            // Hard, like the stencil shape: the pixel centre inside the clip or not. A
            // centre on an edge (common: whole points at 1.5 pixels per point) goes the way
            // GL's fill rule sends it (top and left edges in, bottom and right out), not the
            // way the interpolation's last bits do: the point is moved 1/64 pixel down and
            // right first. Otherwise the same edge row could flip between two draws of one
            // clip (into the window and into a group's image).
            p += fwidth(p) * (1.0 / 64.0);
            if (roundRectDistance(p - halfClip, halfClip, rc, (flags & 32768) != 0) > 0.0) coverage = 0.0;
        }
    }
    // A folded colour layer T of the same shape (OverlayFolding) over the fill F, both with
    // coverage c, blended in turn: c T + (1 - c T.a) c F, exactly (in one rounding). No
    // tint: c F.
    vec4 f = fill() * coverage;
#if defined(NINE_SLICE)
    o_color = f;
#else
    o_color = coverage * v_tint + (1.0 - coverage * v_tint.a) * f;
#endif
#endif
#if defined(COUNT_VISIBLE)
    // Counting pass (parallax-bench): fragments that change nothing are not counted.
    if (o_color == vec4(0.0)) discard;
#endif
}
