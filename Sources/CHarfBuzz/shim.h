// HarfBuzz: text shaping (pkg-config harfbuzz). Fonts are opened from their files with
// HarfBuzz's own OpenType functions, so shaping does not depend on FreeType's size state.
#include <hb.h>
#include <hb-ot.h>
