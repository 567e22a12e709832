#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H
#include <stddef.h>
#include <webp/decode.h>
#include <webp/encode.h>
/* WebPInitDecoderConfig and WebPGetFeatures are inline wrappers around versioned
   internals; re-exported here so Swift sees plain functions. */
static inline int cwebp_init_config(WebPDecoderConfig *config) { return WebPInitDecoderConfig(config); }
static inline VP8StatusCode cwebp_get_features(const uint8_t *data, size_t size, WebPBitstreamFeatures *features) {
    return WebPGetFeatures(data, size, features);
}
#endif
