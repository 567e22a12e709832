#include "jpeg_region.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/* libjpeg's error manager, extended with the jump back into jpeg_region_* and the
 * caller's message buffer. */
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
} region_error;

static void region_error_exit(j_common_ptr cinfo) {
    region_error *e = (region_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(e->message, JPEG_REGION_MESSAGE_LENGTH, "%s", text);
    longjmp(e->jump, 1);
}

/* Warnings are tolerated, except the data ending early: libjpeg would fill the rest
 * with grey, and a grey poster is worse than a placeholder and a warning. */
static void region_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  /* trace messages */
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) region_error_exit(cinfo);
    cinfo->err->num_warnings++;
}

/* Refuses a progressive file with too many scans (each scan is a pass over the whole
 * coefficient buffer: thousands of tiny scans are a known way to burn CPU). */
typedef struct {
    struct jpeg_progress_mgr pub;
    int max_scans;
    jpeg_region_checkpoint checkpoint;
    void *context;
} region_progress;

/* Scans times pixels a file may cost (each scan passes over every coefficient): a few
 * tenths of a second; a large image gets fewer scans, never under SCAN_FLOOR. */
#define SCAN_PIXEL_BUDGET 250000000.0
#define SCAN_FLOOR 24

/* libjpeg calls this once per jpeg_read_scanlines call and per pass of a multi-scan file. */
static void region_progress_monitor(j_common_ptr cinfo) {
    region_progress *p = (region_progress *)cinfo->progress;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (p->checkpoint) p->checkpoint(p->context);
    double pixels = (double)d->image_width * (double)d->image_height;
    int by_area = p->max_scans;
    if (pixels > 0 && SCAN_PIXEL_BUDGET / pixels < by_area) {
        by_area = SCAN_PIXEL_BUDGET / pixels < SCAN_FLOOR ? SCAN_FLOOR : (int)(SCAN_PIXEL_BUDGET / pixels);
    }
    if (d->input_scan_number > by_area) {
        region_error *e = (region_error *)cinfo->err;
        if (by_area < p->max_scans) {
            snprintf(e->message, JPEG_REGION_MESSAGE_LENGTH,
                     "Progressive JPEG image of %ux%u pixels has more than %d scans (scans times pixels is capped)",
                     (unsigned)d->image_width, (unsigned)d->image_height, by_area);
        } else {
            snprintf(e->message, JPEG_REGION_MESSAGE_LENGTH,
                     "Progressive JPEG image has more than %d scans", p->max_scans);
        }
        longjmp(e->jump, 1);
    }
}

static void region_start(struct jpeg_decompress_struct *cinfo, region_error *err, char *message) {
    cinfo->err = jpeg_std_error(&err->pub);
    err->pub.error_exit = region_error_exit;
    err->pub.emit_message = region_emit_message;
    err->message = message;
    message[0] = 0;
}

int jpeg_region_read_header(const uint8_t *data, size_t size, jpeg_region_header *header,
                            char message[JPEG_REGION_MESSAGE_LENGTH]) {
    struct jpeg_decompress_struct cinfo;
    region_error err;
    region_start(&cinfo, &err, message);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    header->width = (int)cinfo.image_width;
    header->height = (int)cinfo.image_height;
    header->cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    header->progressive = cinfo.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

enum { ROWS_PER_READ = 16 };

int jpeg_region_decode(const uint8_t *data, size_t size, int denominator,
                       int x, int y, int width, int height, int max_scans,
                       uint8_t *out, char message[JPEG_REGION_MESSAGE_LENGTH],
                       jpeg_region_checkpoint checkpoint, void *context) {
    struct jpeg_decompress_struct cinfo;
    region_error err;
    region_progress progress;
    uint8_t *volatile spare = NULL;  /* rows wider than asked, when columns are cropped */
    region_start(&cinfo, &err, message);
    if (setjmp(err.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(spare);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    progress.pub.progress_monitor = region_progress_monitor;
    progress.max_scans = max_scans;
    progress.checkpoint = checkpoint;
    progress.context = context;
    cinfo.progress = &progress.pub;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)denominator;
    jpeg_start_decompress(&cinfo);
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || (JDIMENSION)(x + width) > cinfo.output_width
        || (JDIMENSION)(y + height) > cinfo.output_height) {
        snprintf(message, JPEG_REGION_MESSAGE_LENGTH, "region %dx%d at (%d, %d) outside the %ux%u image",
                 width, height, x, y, cinfo.output_width, cinfo.output_height);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }

    /* Columns: one more on each side than asked, because jpeg_crop_scanline widens the
     * crop to iMCU boundaries and the fancy upsampler treats the ends of a cropped row
     * as the image's edges; the asked columns then stay interior, as in a whole decode. */
    JDIMENSION left = (JDIMENSION)x, span = (JDIMENSION)width;
    if (x > 0 || (JDIMENSION)width < cinfo.output_width) {
        left = x > 0 ? (JDIMENSION)x - 1 : 0;
        JDIMENSION right = (JDIMENSION)(x + width + 1);
        if (right > cinfo.output_width) right = cinfo.output_width;
        span = right - left;
        jpeg_crop_scanline(&cinfo, &left, &span);
    }
    size_t rowBytes = (size_t)width * 4, spareRowBytes = (size_t)span * 4;
    size_t offset = ((size_t)x - left) * 4;
    int direct = left == (JDIMENSION)x && span == (JDIMENSION)width;
    if (!direct) {
        spare = malloc(spareRowBytes * ROWS_PER_READ);
        if (!spare) {
            snprintf(message, JPEG_REGION_MESSAGE_LENGTH, "out of memory for %u-pixel rows", span);
            jpeg_destroy_decompress(&cinfo);
            return -1;
        }
    }

    /* Rows: the ones above are entropy-decoded only, the ones below not at all. */
    /* (in bands of ROWS_PER_READ, so the checkpoint comes as often while skipping as
     * while decoding: about every 0.3 ms of a worker's time for a poster) */
    if (checkpoint) checkpoint(context);
    for (JDIMENSION skipped = 0; skipped < (JDIMENSION)y;) {
        JDIMENSION band = (JDIMENSION)y - skipped < ROWS_PER_READ ? (JDIMENSION)y - skipped : ROWS_PER_READ;
        JDIMENSION done = jpeg_skip_scanlines(&cinfo, band);
        if (done == 0) {
            snprintf(message, JPEG_REGION_MESSAGE_LENGTH, "cannot skip past row %u", skipped);
            jpeg_destroy_decompress(&cinfo);
            free(spare);
            return -1;
        }
        skipped += done;
        if (checkpoint) checkpoint(context);
    }
    JDIMENSION end = (JDIMENSION)(y + height);
    while (cinfo.output_scanline < end) {
        JDIMENSION first = cinfo.output_scanline;
        JDIMENSION count = end - first < ROWS_PER_READ ? end - first : ROWS_PER_READ;
        JSAMPROW rows[ROWS_PER_READ];
        for (JDIMENSION i = 0; i < count; i++)
            rows[i] = direct ? out + (first - (JDIMENSION)y + i) * rowBytes : spare + i * spareRowBytes;
        JDIMENSION got = jpeg_read_scanlines(&cinfo, rows, count);
        if (got == 0) {
            snprintf(message, JPEG_REGION_MESSAGE_LENGTH, "no rows after row %u", first);
            jpeg_destroy_decompress(&cinfo);
            free(spare);
            return -1;
        }
        if (!direct)
            for (JDIMENSION i = 0; i < got; i++)
                memcpy(out + (first - (JDIMENSION)y + i) * rowBytes, spare + i * spareRowBytes + offset, rowBytes);
    }
    /* Stopping before the last row is fine: destroying the decompressor aborts it. */
    jpeg_destroy_decompress(&cinfo);
    free(spare);
    return 0;
}
