// The time limit on libavformat's reads: an AVIOInterruptCB that says stop once a deadline has passed.
#include "CFFmpeg.h"

#include <time.h>

static int64_t pg_ffmpeg_monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

void pg_ffmpeg_deadline_start(pg_ffmpeg_deadline *deadline, double seconds) {
    // At most 30 years (and no NaN): the nanoseconds stay within int64_t.
    if (!(seconds >= 0)) seconds = 0;
    if (seconds > 1e9) seconds = 1e9;
    deadline->monotonic_nanoseconds = pg_ffmpeg_monotonic_nanoseconds() + (int64_t)(seconds * 1e9);
    deadline->passed = 0;
}

int pg_ffmpeg_deadline_passed(void *opaque) {
    pg_ffmpeg_deadline *deadline = opaque;
    if (pg_ffmpeg_monotonic_nanoseconds() >= deadline->monotonic_nanoseconds) deadline->passed = 1;
    return deadline->passed;
}
