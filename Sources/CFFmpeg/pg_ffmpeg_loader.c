// The FFmpeg functions the Video target calls, forwarded to the libraries loaded by pg_ffmpeg_load: see
// include/CFFmpeg.h for why.
#include "CFFmpeg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// The libraries, dependencies first; each soname's major version is the headers' (the struct layouts
// Swift compiles against).
enum { PG_AVUTIL, PG_SWSCALE, PG_AVCODEC, PG_AVFORMAT, PG_LIBRARY_COUNT };
static const char *const pg_ffmpeg_sonames[PG_LIBRARY_COUNT] = {
    "libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
    "libswscale.so." AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
    "libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
    "libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
};

// X(library, return type, name, (parameters), (arguments))
#define PG_FFMPEG_FUNCTIONS(X) \
    X(PG_AVUTIL, AVDictionaryEntry *, av_dict_get, (const AVDictionary *m, const char *key, const AVDictionaryEntry *prev, int flags), (m, key, prev, flags)) \
    X(PG_AVUTIL, int, av_dict_set, (AVDictionary **pm, const char *key, const char *value, int flags), (pm, key, value, flags)) \
    X(PG_AVUTIL, void, av_dict_free, (AVDictionary **m), (m)) \
    X(PG_AVUTIL, int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size)) \
    X(PG_AVUTIL, AVFrame *, av_frame_alloc, (void), ()) \
    X(PG_AVUTIL, void, av_frame_free, (AVFrame **frame), (frame)) \
    X(PG_AVUTIL, void, av_frame_unref, (AVFrame *frame), (frame)) \
    X(PG_SWSCALE, struct SwsContext *, sws_getContext, (int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param), (srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param)) \
    X(PG_SWSCALE, void, sws_freeContext, (struct SwsContext *swsContext), (swsContext)) \
    X(PG_SWSCALE, int, sws_scale, (struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY, int srcSliceH, uint8_t *const dst[], const int dstStride[]), (c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride)) \
    X(PG_SWSCALE, const int *, sws_getCoefficients, (int colorspace), (colorspace)) \
    X(PG_SWSCALE, int, sws_getColorspaceDetails, (struct SwsContext *c, int **inv_table, int *srcRange, int **table, int *dstRange, int *brightness, int *contrast, int *saturation), (c, inv_table, srcRange, table, dstRange, brightness, contrast, saturation)) \
    X(PG_SWSCALE, int, sws_setColorspaceDetails, (struct SwsContext *c, const int inv_table[4], int srcRange, const int table[4], int dstRange, int brightness, int contrast, int saturation), (c, inv_table, srcRange, table, dstRange, brightness, contrast, saturation)) \
    X(PG_AVCODEC, const char *, avcodec_get_name, (enum AVCodecID id), (id)) \
    X(PG_AVCODEC, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id)) \
    X(PG_AVCODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec)) \
    X(PG_AVCODEC, void, avcodec_free_context, (AVCodecContext **avctx), (avctx)) \
    X(PG_AVCODEC, int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par)) \
    X(PG_AVCODEC, int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), (avctx, codec, options)) \
    X(PG_AVCODEC, int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt)) \
    X(PG_AVCODEC, int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame)) \
    X(PG_AVCODEC, AVPacket *, av_packet_alloc, (void), ()) \
    X(PG_AVCODEC, void, av_packet_free, (AVPacket **pkt), (pkt)) \
    X(PG_AVCODEC, void, av_packet_unref, (AVPacket *pkt), (pkt)) \
    X(PG_AVCODEC, void, av_packet_move_ref, (AVPacket *dst, AVPacket *src), (dst, src)) \
    X(PG_AVFORMAT, AVFormatContext *, avformat_alloc_context, (void), ()) \
    X(PG_AVFORMAT, void, avformat_free_context, (AVFormatContext *s), (s)) \
    X(PG_AVFORMAT, const AVInputFormat *, av_probe_input_format3, (const AVProbeData *pd, int is_opened, int *score_ret), (pd, is_opened, score_ret)) \
    X(PG_AVFORMAT, int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options), (ps, url, fmt, options)) \
    X(PG_AVFORMAT, int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options)) \
    X(PG_AVFORMAT, void, avformat_close_input, (AVFormatContext **s), (s)) \
    X(PG_AVFORMAT, int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    X(PG_AVFORMAT, int, av_seek_frame, (AVFormatContext *s, int stream_index, int64_t timestamp, int flags), (s, stream_index, timestamp, flags)) \
    X(PG_AVFORMAT, AVRational, av_guess_sample_aspect_ratio, (AVFormatContext *format, AVStream *stream, AVFrame *frame), (format, stream, frame)) \
    X(PG_AVFORMAT, uint8_t *, av_stream_get_side_data, (const AVStream *stream, enum AVPacketSideDataType type, size_t *size), (stream, type, size))

#define PG_FFMPEG_POINTER(library, type, name, parameters, arguments) static type(*pg_##name) parameters;
PG_FFMPEG_FUNCTIONS(PG_FFMPEG_POINTER)

static pthread_once_t pg_ffmpeg_once = PTHREAD_ONCE_INIT;
static int pg_ffmpeg_status = -1;
static char pg_ffmpeg_error[512];

static void pg_ffmpeg_open(void) {
    void *libraries[PG_LIBRARY_COUNT];
    for (int i = 0; i < PG_LIBRARY_COUNT; i++) {
        libraries[i] = dlopen(pg_ffmpeg_sonames[i], RTLD_NOW | RTLD_LOCAL);
        if (!libraries[i]) {
            const char *why = dlerror();
            snprintf(pg_ffmpeg_error, sizeof pg_ffmpeg_error, "%s", why ? why : pg_ffmpeg_sonames[i]);
            return;
        }
    }
#define PG_FFMPEG_FIND(library, type, name, parameters, arguments) \
    *(void **)(&pg_##name) = dlsym(libraries[library], #name); \
    if (!pg_##name) { \
        snprintf(pg_ffmpeg_error, sizeof pg_ffmpeg_error, "%s has no %s", pg_ffmpeg_sonames[library], #name); \
        return; \
    }
    PG_FFMPEG_FUNCTIONS(PG_FFMPEG_FIND)
    // Refusals come back as error codes; FFmpeg's own messages on stderr would only repeat them.
    void (*set_level)(int) = (void (*)(int))dlsym(libraries[PG_AVUTIL], "av_log_set_level");
    if (set_level) set_level(AV_LOG_QUIET);
    pg_ffmpeg_status = 0;
}

int pg_ffmpeg_load(void) {
    pthread_once(&pg_ffmpeg_once, pg_ffmpeg_open);
    return pg_ffmpeg_status;
}

const char *pg_ffmpeg_load_error(void) {
    pthread_once(&pg_ffmpeg_once, pg_ffmpeg_open);
    return pg_ffmpeg_error;
}

#define PG_FFMPEG_FORWARD(library, type, name, parameters, arguments) \
    type name parameters { return pg_##name arguments; }
PG_FFMPEG_FUNCTIONS(PG_FFMPEG_FORWARD)
