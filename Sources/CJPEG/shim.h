#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
/* Function-like macros Swift cannot import, re-exported as functions and constants. */
static inline int cjpeg_scaled(int dimension, tjscalingfactor factor) { return TJSCALED(dimension, factor); }
static const int CJPEG_FLAG_STOPONWARNING = TJFLAG_STOPONWARNING;
static const int CJPEG_FLAG_LIMITSCANS = TJFLAG_LIMITSCANS;
static const int CJPEG_FLAG_ACCURATEDCT = TJFLAG_ACCURATEDCT;
static const int CJPEG_FLAG_PROGRESSIVE = TJFLAG_PROGRESSIVE;
#endif
