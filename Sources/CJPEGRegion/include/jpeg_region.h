#ifndef JPEG_REGION_H
#define JPEG_REGION_H
/* Decodes a rectangle of a JPEG at 1/1, 1/2, 1/4 or 1/8 scale through libjpeg-turbo's
 * libjpeg API, which (unlike TurboJPEG 2) can skip the rows above the rectangle
 * (jpeg_skip_scanlines: entropy decoding only, no IDCT or colour conversion), decode
 * only the iMCU columns under it (jpeg_crop_scanline) and stop after its last row.
 * The pixels are those a whole-image decode gives at the same place, bit for bit.
 *
 * Errors come back as a return value and a message (libjpeg's own text), never as an
 * exit: libjpeg's error_exit is caught with setjmp here, which Swift cannot do.
 *
 * Does NOT allocate the output (the caller does, after checking the declared size),
 * read EXIF or ICC data, or convert CMYK to RGB (CMYK comes back as stored). */
#include <stddef.h>
#include <stdint.h>

enum { JPEG_REGION_MESSAGE_LENGTH = 200 };

typedef struct {
    int width;        /* declared size, in pixels */
    int height;
    int cmyk;         /* 1 for CMYK or YCCK (4 channels of ink), else 0 */
    int progressive;  /* 1 for a progressive (multi-scan) file */
} jpeg_region_header;

/* Reads the header only. Returns 0, or -1 with `message` set. */
int jpeg_region_read_header(const uint8_t *data, size_t size, jpeg_region_header *header,
                            char message[JPEG_REGION_MESSAGE_LENGTH]);

/* Called between bands of rows (about every 16 to 64 rows) and between a progressive
 * file's scans, with the caller's `context`: a decode worker that must not run while
 * its host renders blocks in it. May be NULL. */
typedef void (*jpeg_region_checkpoint)(void *context);

/* Decodes columns [x, x + width) and rows [y, y + height) of the image scaled by
 * 1 / `denominator` (1, 2, 4 or 8; the scaled size is the declared size divided and
 * rounded up, as libjpeg computes it) into `out`: `width` x `height` pixels of 4 bytes
 * (RGBA with alpha 255, or CMYK as stored), rows `width * 4` bytes apart.
 *
 * Refuses (-1, `message` set): corrupt data, data that ends before the last row asked
 * for ("Premature end of JPEG file"), a progressive file with more than `max_scans`
 * scans, a rectangle outside the scaled image. Other libjpeg warnings (stray bytes
 * between markers, common in camera files) are tolerated. Returns 0 on success.
 * `checkpoint` (may be NULL) is called with `context` between bands of rows. */
int jpeg_region_decode(const uint8_t *data, size_t size, int denominator,
                       int x, int y, int width, int height, int max_scans,
                       uint8_t *out, char message[JPEG_REGION_MESSAGE_LENGTH],
                       jpeg_region_checkpoint checkpoint, void *context);
#endif
