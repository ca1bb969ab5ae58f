// CPNGShims: libpng calls behind its setjmp/longjmp error handling.
//
// Why this target exists: libpng reports fatal errors by longjmp-ing to the jmp_buf set with
// setjmp(png_jmpbuf(png)); without one it aborts. Swift cannot call setjmp (a function that returns
// twice), so every libpng entry point the PNG module uses is wrapped here; each wrapper returns a
// status, names the libpng call that failed, and destroys every libpng object on every path.
// Bytes are read from a file descriptor with pread(2). Every symbol is prefixed `pgpng_`.
// This header does not include <png.h>: Swift sees only the plain structs below.
#ifndef CPNGSHIMS_H
#define CPNGSHIMS_H

#include <stddef.h>
#include <stdint.h>

/// Size of every message buffer.
#define PGPNG_MESSAGE_LENGTH 200

/// What a wrapper returns.
typedef enum pgpng_status {
    /// Success.
    PGPNG_STATUS_OK = 0,
    /// libpng failed; `pgpng_diagnostics.call` and `.message` say where and why.
    PGPNG_STATUS_ERROR = 1,
    /// pread(2) failed; `pgpng_diagnostics.system_errno` is its errno.
    PGPNG_STATUS_SYSTEM = 2,
    /// The file ended before libpng had what it asked for (`.call` names the step).
    PGPNG_STATUS_TRUNCATED = 3,
    /// (decode only) The file's size is not the one the caller allocated for.
    PGPNG_STATUS_SIZE_CHANGED = 4,
} pgpng_status;

/// Why a call failed and what libpng warned about on the way.
typedef struct pgpng_diagnostics {
    /// The libpng function (or shim step) that was running when the error happened; a string literal.
    const char *call;
    /// libpng's error text (empty on success).
    char message[PGPNG_MESSAGE_LENGTH];
    /// Number of libpng warnings, and the first one's text.
    long warning_count;
    char first_warning[PGPNG_MESSAGE_LENGTH];
    /// errno of a failed pread(2), or 0.
    int system_errno;
} pgpng_diagnostics;

/// IHDR facts, read by png_read_info (the chunks before the first IDAT) without inflating pixels.
typedef struct pgpng_header_info {
    uint32_t width;
    uint32_t height;
    /// Bits per sample: 1, 2, 4, 8 or 16.
    int32_t bit_depth;
    /// PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    int32_t color_type;
    /// 1 for Adam7, 0 for none.
    int32_t interlaced;
    /// 1 when a tRNS chunk gives transparency.
    int32_t has_trns;
} pgpng_header_info;

/// Reads the chunks up to the first IDAT from `fd` and fills `info`.
pgpng_status pgpng_probe(int fd, pgpng_header_info *info, pgpng_diagnostics *diagnostics);

/// Decodes the whole image from `fd` to packed RGB8 in `pixels` (`width × height × 3` bytes): 16-bit
/// samples reduced to 8 (high byte), palette and low-bit gray expanded, gray copied to R, G and B, Adam7
/// passes combined, alpha (channel or tRNS) composited on white. gAMA, cHRM, sRGB and iCCP are ignored:
/// the samples are used as stored. Fails with PGPNG_STATUS_SIZE_CHANGED unless IHDR says `width`×`height`.
pgpng_status pgpng_decode(int fd, uint32_t width, uint32_t height, uint8_t *pixels,
                          pgpng_diagnostics *diagnostics);

#endif
