#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/imgutils.h>
#include <libavutil/hwcontext.h>
#include <libavutil/pixdesc.h>
#include <libavutil/log.h>
#include <errno.h>

/* Function-like macros Swift cannot import. */
static const int CFFMPEG_AVERROR_EOF = AVERROR_EOF;
static const int CFFMPEG_AVERROR_EAGAIN = AVERROR(EAGAIN);
static const int64_t CFFMPEG_NOPTS = AV_NOPTS_VALUE;
#endif
