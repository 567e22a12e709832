// FreeType 2: glyph outlines and their rasterisation (pkg-config freetype2).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_STROKER_H
#include FT_TRUETYPE_TABLES_H
/* Function-like macros Swift cannot import, re-exported as constants. */
static const int CFT_LOAD_TARGET_LIGHT = FT_LOAD_TARGET_LIGHT;
static const int CFT_LOAD_NO_BITMAP = FT_LOAD_NO_BITMAP;
