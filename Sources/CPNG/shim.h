#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>
/* Function-like macros Swift cannot import, re-exported as constants. */
static const unsigned int CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const unsigned int CPNG_FORMAT_FLAG_ALPHA = PNG_FORMAT_FLAG_ALPHA;
static const unsigned int CPNG_FORMAT_FLAG_LINEAR = PNG_FORMAT_FLAG_LINEAR;
static const unsigned int CPNG_FORMAT_LINEAR_RGB_ALPHA = PNG_FORMAT_LINEAR_RGB_ALPHA;
static const unsigned int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const unsigned int CPNG_IMAGE_FLAG_COLORSPACE_NOT_sRGB = PNG_IMAGE_FLAG_COLORSPACE_NOT_sRGB;
static inline int cpng_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }
#endif
