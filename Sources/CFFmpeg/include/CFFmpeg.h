// FFmpeg (libavformat, libavcodec, libavutil, libswscale), loaded when the first video is read rather
// than when photogrid starts.
//
// Why C: linking FFmpeg 5.1 (Debian 12) makes every process map some 130 shared libraries (its codecs,
// X11, VA-API, OpenCL …) and relocate them: a C `int main(void) { return 0; }` takes 33 ms linked
// against them and 0.65 ms without, a Swift `print("hi")` 40 ms against 2.8 ms (perf stat, 300 runs).
// Loaded on first use, the same ~40 ms is paid once, by a process that reads a video. Swift cannot
// declare functions of the same names that forward to dlsym'd pointers; C can. This target defines the
// FFmpeg functions the Video target calls (declared by FFmpeg's headers, included for the types) as
// forwarders to the libraries that `pg_ffmpeg_load` dlopens. The sonames come from the headers' major
// versions, so the struct layouts Swift reads are the loaded libraries' own.
#ifndef CFFMPEG_H
#define CFFMPEG_H

#include <stdint.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <libavutil/pixfmt.h>
#include <libswscale/swscale.h>

/// Loads libavutil, libswscale, libavcodec and libavformat and finds every function the forwarders need,
/// once per process (thread-safe); FFmpeg's own logging is then turned off (errors come back as values).
/// Returns 0 when they are ready; otherwise nonzero, and `pg_ffmpeg_load_error` says why (dlerror's text).
/// Call it before any FFmpeg function.
int pg_ffmpeg_load(void);

/// Why `pg_ffmpeg_load` failed ("" when it did not).
const char *pg_ffmpeg_load_error(void);

/// FFmpeg's error codes and its "no timestamp" value: macros of macros, which Swift cannot import.
static const int PG_AVERROR_EOF = AVERROR_EOF;
static const int PG_AVERROR_EAGAIN = AVERROR(EAGAIN);
static const int PG_AVERROR_EXIT = AVERROR_EXIT;
static const int PG_AVERROR_ENOMEM = AVERROR(ENOMEM);
static const int PG_AVERROR_EINVAL = AVERROR(EINVAL);
static const int64_t PG_AV_NOPTS_VALUE = AV_NOPTS_VALUE;

/// A point in CLOCK_MONOTONIC time after which libavformat's blocking calls give up (AVIOInterruptCB).
typedef struct pg_ffmpeg_deadline {
    int64_t monotonic_nanoseconds;
    /// Set to 1 by `pg_ffmpeg_deadline_passed` once it has answered yes.
    int passed;
} pg_ffmpeg_deadline;

/// Sets `deadline` to `seconds` from now.
void pg_ffmpeg_deadline_start(pg_ffmpeg_deadline *deadline, double seconds);

/// The AVIOInterruptCB callback: 1 (stop) once the pg_ffmpeg_deadline `opaque` points to has passed.
int pg_ffmpeg_deadline_passed(void *opaque);

#endif
