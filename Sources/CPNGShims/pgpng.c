// libpng behind setjmp: see include/CPNGShims.h for why.
#include "CPNGShims.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// How many bytes one read of the file asks for at least: libpng asks for 4 or 8 bytes at a time for
/// chunk headers and CRCs, and for ancillary chunks it handles byte by byte (libpng 1.6 reads `eXIf`
/// one byte per call: 9,880 calls for a camera's EXIF), so reads go through a buffer.
#define PGPNG_BUFFER_SIZE 16384

/// Where libpng's read callback reads from and what went wrong there.
typedef struct pgpng_source {
    int fd;
    off_t offset;
    int system_errno;
    int truncated;
    pgpng_diagnostics *diagnostics;
    /// The file's bytes [buffer_start, buffer_start + buffer_length).
    off_t buffer_start;
    size_t buffer_length;
    unsigned char buffer[PGPNG_BUFFER_SIZE];
} pgpng_source;

static void pgpng_copy(char *to, const char *from) {
    strncpy(to, from ? from : "", PGPNG_MESSAGE_LENGTH - 1);
    to[PGPNG_MESSAGE_LENGTH - 1] = 0;
}

static void pgpng_error(png_structp png, png_const_charp message) {
    pgpng_source *source = png_get_error_ptr(png);
    pgpng_copy(source->diagnostics->message, message);
    png_longjmp(png, 1);
}

static void pgpng_warning(png_structp png, png_const_charp message) {
    pgpng_source *source = png_get_error_ptr(png);
    if (source->diagnostics->warning_count++ == 0) pgpng_copy(source->diagnostics->first_warning, message);
}

/// pread(2) of up to `length` bytes at `offset` into `data`, retried on EINTR; 0 at the end of the file.
static size_t pgpng_pread(png_structp png, pgpng_source *source, void *data, size_t length, off_t offset) {
    for (;;) {
        ssize_t count = pread(source->fd, data, length, offset);
        if (count >= 0) return (size_t)count;
        if (errno != EINTR) {
            source->system_errno = errno;
            png_error(png, "pread failed");
        }
    }
}

static void pgpng_read(png_structp png, png_bytep data, size_t length) {
    pgpng_source *source = png_get_io_ptr(png);
    size_t done = 0;
    while (done < length) {
        off_t at = source->offset + (off_t)done;
        size_t wanted = length - done;
        if (at >= source->buffer_start && at < source->buffer_start + (off_t)source->buffer_length) {
            size_t available = (size_t)(source->buffer_start + (off_t)source->buffer_length - at);
            size_t take = wanted < available ? wanted : available;
            memcpy(data + done, source->buffer + (at - source->buffer_start), take);
            done += take;
            continue;
        }
        size_t count;
        if (wanted >= PGPNG_BUFFER_SIZE) {
            count = pgpng_pread(png, source, data + done, wanted, at);
            done += count;
        } else {
            count = pgpng_pread(png, source, source->buffer, PGPNG_BUFFER_SIZE, at);
            source->buffer_start = at;
            source->buffer_length = count;
        }
        if (count == 0) {
            source->truncated = 1;
            png_error(png, "the file ends inside a chunk");
        }
    }
    source->offset += (off_t)length;
}

/// libpng set up to read through `source`, without a size limit, and leaving `eXIf` to the caller
/// (PNGFileProbe reads it, before or after IDAT; libpng would read it a byte at a time).
static void pgpng_set_up(png_structp png, pgpng_source *source) {
    png_set_read_fn(png, source, pgpng_read);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    static const png_byte exif[5] = { 'e', 'X', 'I', 'f', 0 };
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, exif, 1);
}

static pgpng_status pgpng_failure(const pgpng_source *source) {
    if (source->system_errno) {
        source->diagnostics->system_errno = source->system_errno;
        return PGPNG_STATUS_SYSTEM;
    }
    return source->truncated ? PGPNG_STATUS_TRUNCATED : PGPNG_STATUS_ERROR;
}

pgpng_status pgpng_probe(int fd, pgpng_header_info *info, pgpng_diagnostics *diagnostics) {
    memset(diagnostics, 0, sizeof *diagnostics);
    memset(info, 0, sizeof *info);
    pgpng_source source = { .fd = fd, .diagnostics = diagnostics };
    diagnostics->call = "png_create_read_struct";
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, pgpng_error, pgpng_warning);
    if (!png) { pgpng_copy(diagnostics->message, "out of memory"); return PGPNG_STATUS_ERROR; }
    png_infop pinfo = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, pinfo ? &pinfo : NULL, NULL);
        return pgpng_failure(&source);
    }
    diagnostics->call = "png_create_info_struct";
    pinfo = png_create_info_struct(png);
    if (!pinfo) png_error(png, "out of memory");
    // No limit on declared size here: the probe reports it and the caller decides.
    pgpng_set_up(png, &source);
    diagnostics->call = "png_read_info";
    png_read_info(png, pinfo);
    info->width = png_get_image_width(png, pinfo);
    info->height = png_get_image_height(png, pinfo);
    info->bit_depth = png_get_bit_depth(png, pinfo);
    info->color_type = png_get_color_type(png, pinfo);
    info->interlaced = png_get_interlace_type(png, pinfo) == PNG_INTERLACE_ADAM7;
    info->has_trns = png_get_valid(png, pinfo, PNG_INFO_tRNS) != 0;
    png_destroy_read_struct(&png, &pinfo, NULL);
    diagnostics->call = NULL;
    return PGPNG_STATUS_OK;
}

/// One RGBA row to RGB, alpha composited on white, rounded: c·a/255 + 255·(255 − a)/255.
static void pgpng_composite_row(const uint8_t *rgba, uint8_t *rgb, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = rgba + (size_t)x * 4;
        unsigned a = p[3];
        for (int c = 0; c < 3; c++) rgb[(size_t)x * 3 + c] = (uint8_t)((p[c] * a + 255u * (255u - a) + 127u) / 255u);
    }
}

pgpng_status pgpng_decode(int fd, uint32_t width, uint32_t height, uint8_t *pixels,
                          pgpng_diagnostics *diagnostics) {
    memset(diagnostics, 0, sizeof *diagnostics);
    pgpng_source source = { .fd = fd, .diagnostics = diagnostics };
    diagnostics->call = "png_create_read_struct";
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, pgpng_error, pgpng_warning);
    if (!png) { pgpng_copy(diagnostics->message, "out of memory"); return PGPNG_STATUS_ERROR; }
    png_infop pinfo = NULL;
    // volatile: changed between setjmp and a longjmp.
    uint8_t *volatile rgba = NULL;
    png_bytep *volatile rows = NULL;
    volatile pgpng_status size_status = PGPNG_STATUS_OK;
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(rgba);
        png_destroy_read_struct(&png, pinfo ? &pinfo : NULL, NULL);
        return size_status != PGPNG_STATUS_OK ? size_status : pgpng_failure(&source);
    }
    diagnostics->call = "png_create_info_struct";
    pinfo = png_create_info_struct(png);
    if (!pinfo) png_error(png, "out of memory");
    pgpng_set_up(png, &source);
    diagnostics->call = "png_read_info";
    png_read_info(png, pinfo);
    if (png_get_image_width(png, pinfo) != width || png_get_image_height(png, pinfo) != height) {
        size_status = PGPNG_STATUS_SIZE_CHANGED;
        png_error(png, "the image size is not the one probed");
    }
    diagnostics->call = "png_set_expand";
    png_set_expand(png);             // palette → RGB, gray < 8 bits → 8, tRNS → alpha
    png_set_strip_16(png);           // 16 → 8 bits: the high byte
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER); // RGBA for every colour type
    // Adam7 needs the whole image in memory (every pass adds to every row); otherwise one RGBA row at a
    // time is enough, so a plain PNG holds only the caller's RGB buffer.
    int passes = png_set_interlace_handling(png);
    diagnostics->call = "png_read_update_info";
    png_read_update_info(png, pinfo);
    if (png_get_rowbytes(png, pinfo) != (size_t)width * 4) png_error(png, "unexpected row size after transforms");
    size_t buffered_rows = passes > 1 ? height : 1;
    diagnostics->call = "malloc";
    rgba = malloc((size_t)width * buffered_rows * 4);
    rows = passes > 1 ? malloc(sizeof(png_bytep) * height) : NULL;
    if (!rgba || (passes > 1 && !rows)) png_error(png, "out of memory");
    if (passes > 1) {
        for (uint32_t y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
        diagnostics->call = "png_read_image";
        png_read_image(png, rows);
        for (uint32_t y = 0; y < height; y++) pgpng_composite_row(rows[y], pixels + (size_t)y * width * 3, width);
    } else {
        diagnostics->call = "png_read_row";
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, rgba, NULL);
            pgpng_composite_row(rgba, pixels + (size_t)y * width * 3, width);
        }
    }
    diagnostics->call = "png_read_end";
    png_read_end(png, NULL);
    free(rows);
    free(rgba);
    png_destroy_read_struct(&png, &pinfo, NULL);
    diagnostics->call = NULL;
    return PGPNG_STATUS_OK;
}
