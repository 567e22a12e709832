#ifndef CLIBJPEG_SHIM_H
#define CLIBJPEG_SHIM_H
/* libjpeg-turbo's libjpeg API (jpeglib.h needs stdio.h first). Used by CJPEGRegion, the
 * C decoder that needs setjmp for libjpeg's error exits. */
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#endif
