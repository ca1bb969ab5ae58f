// Scaled, optionally cropped decode to packed RGB8, from a file descriptor or from memory.
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pgjpeg_internal.h"

#define PGJPEG_FD_BUFFER_SIZE 65536
#define PGJPEG_DEFAULT_MAX_SCANS 500
#define PGJPEG_ROWS_PER_READ 16

/// A source reading a file descriptor from offset 0 with pread(2) (the descriptor's own offset is
/// neither used nor moved). Like libjpeg's stdio source: an empty input is an error; a premature
/// end inserts an EOI marker with a warning (the missing part of the image is padded).
typedef struct pgjpeg_fd_source {
    struct jpeg_source_mgr pub;
    int fd;
    off_t offset;
    int start_of_file;
    JOCTET *buffer;
} pgjpeg_fd_source;

struct pgjpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    pgjpeg_error_manager manager;
    pgjpeg_diagnostics diagnostics;
    struct jpeg_progress_mgr progress;
    int max_scans;
    int created;
    int started;
    /// Output is CMYK from libjpeg, converted to RGB here.
    int cmyk_output;
    int inverted_cmyk;
    uint32_t region_height;
    JSAMPARRAY cmyk_rows;
};

static void fd_init_source(j_decompress_ptr cinfo) {
    ((pgjpeg_fd_source *)cinfo->src)->start_of_file = 1;
}

static boolean fd_fill_input_buffer(j_decompress_ptr cinfo) {
    pgjpeg_fd_source *src = (pgjpeg_fd_source *)cinfo->src;
    ssize_t count;
    do {
        count = pread(src->fd, src->buffer, PGJPEG_FD_BUFFER_SIZE, src->offset);
    } while (count < 0 && errno == EINTR);
    if (count < 0) {
        pgjpeg_error_manager *manager = (pgjpeg_error_manager *)cinfo->err;
        int error = errno;
        manager->diagnostics->system_errno = error;
        char message[PGJPEG_MESSAGE_LENGTH];
        snprintf(message, sizeof message, "pread failed: %s", strerror(error));
        pgjpeg_error_manager_fail((j_common_ptr)cinfo, message);
    }
    if (count == 0) {
        if (src->start_of_file) ERREXIT(cinfo, JERR_INPUT_EMPTY);
        WARNMS(cinfo, JWRN_JPEG_EOF);
        src->buffer[0] = (JOCTET)0xFF;
        src->buffer[1] = (JOCTET)JPEG_EOI;
        count = 2;
    } else {
        src->offset += count;
    }
    src->pub.next_input_byte = src->buffer;
    src->pub.bytes_in_buffer = (size_t)count;
    src->start_of_file = 0;
    return TRUE;
}

static void fd_skip_input_data(j_decompress_ptr cinfo, long num_bytes) {
    pgjpeg_fd_source *src = (pgjpeg_fd_source *)cinfo->src;
    if (num_bytes <= 0) return;
    if ((size_t)num_bytes > src->pub.bytes_in_buffer) {
        // Skip the rest without reading it: the next fill reads from beyond the segment.
        src->offset += (off_t)((size_t)num_bytes - src->pub.bytes_in_buffer);
        src->pub.next_input_byte += src->pub.bytes_in_buffer;
        src->pub.bytes_in_buffer = 0;
    } else {
        src->pub.next_input_byte += (size_t)num_bytes;
        src->pub.bytes_in_buffer -= (size_t)num_bytes;
    }
}

static void fd_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

static void pgjpeg_fd_src(j_decompress_ptr cinfo, int fd) {
    pgjpeg_fd_source *src = (pgjpeg_fd_source *)(*cinfo->mem->alloc_small)(
        (j_common_ptr)cinfo, JPOOL_PERMANENT, sizeof(pgjpeg_fd_source));
    src->buffer = (JOCTET *)(*cinfo->mem->alloc_small)(
        (j_common_ptr)cinfo, JPOOL_PERMANENT, PGJPEG_FD_BUFFER_SIZE);
    src->fd = fd;
    src->offset = 0;
    src->start_of_file = 1;
    src->pub.init_source = fd_init_source;
    src->pub.fill_input_buffer = fd_fill_input_buffer;
    src->pub.skip_input_data = fd_skip_input_data;
    src->pub.resync_to_restart = jpeg_resync_to_restart;
    src->pub.term_source = fd_term_source;
    src->pub.next_input_byte = NULL;
    src->pub.bytes_in_buffer = 0;
    cinfo->src = &src->pub;
}

/// Progress monitor: stops progressive files with an absurd number of scans.
static void pgjpeg_limit_scans(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    pgjpeg_decoder *decoder = (pgjpeg_decoder *)dinfo->client_data;
    if (dinfo->progressive_mode && dinfo->input_scan_number > decoder->max_scans) {
        char message[PGJPEG_MESSAGE_LENGTH];
        snprintf(message, sizeof message, "too many progressive scans (more than %d)", decoder->max_scans);
        pgjpeg_error_manager_fail(cinfo, message);
    }
}

pgjpeg_decoder *pgjpeg_decoder_new(void) {
    pgjpeg_decoder *decoder = (pgjpeg_decoder *)calloc(1, sizeof(pgjpeg_decoder));
    if (decoder == NULL) return NULL;
    decoder->cinfo.err = pgjpeg_error_manager_init(&decoder->manager, &decoder->diagnostics);
    return decoder;
}

void pgjpeg_decoder_free(pgjpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder);
}

const pgjpeg_diagnostics *pgjpeg_decoder_diagnostics(const pgjpeg_decoder *decoder) {
    return &decoder->diagnostics;
}

static pgjpeg_status invalid_argument(pgjpeg_decoder *decoder, const char *call, const char *message) {
    decoder->diagnostics.call = call;
    snprintf(decoder->diagnostics.message, PGJPEG_MESSAGE_LENGTH, "%s", message);
    return PGJPEG_STATUS_INVALID_ARGUMENT;
}

/// Everything after the source is installed: header, limit, scaling, start, crop, skip.
/// Runs under the caller's setjmp.
static pgjpeg_status decoder_start(pgjpeg_decoder *decoder, const pgjpeg_decode_params *params,
                                   pgjpeg_decode_layout *layout) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    pgjpeg_error_manager *manager = &decoder->manager;

    pgjpeg_error_manager_enter(manager, "jpeg_read_header");
    (void)jpeg_read_header(cinfo, TRUE);  // cannot suspend: the sources never do
    pgjpeg_header_info_fill(&layout->header, cinfo);
    layout->header.exif_offset = -1;

    uint64_t stored_pixels = (uint64_t)cinfo->image_width * (uint64_t)cinfo->image_height;
    if (stored_pixels > params->pixel_limit) {
        decoder->diagnostics.call = "jpeg_read_header";
        snprintf(decoder->diagnostics.message, PGJPEG_MESSAGE_LENGTH,
                 "%ux%u exceeds the pixel limit of %llu", (unsigned)cinfo->image_width,
                 (unsigned)cinfo->image_height, (unsigned long long)params->pixel_limit);
        return PGJPEG_STATUS_TOO_LARGE;
    }

    cinfo->scale_num = 1;
    cinfo->scale_denom = params->scale_denom;
    switch (params->dct_method) {
    case PGJPEG_DCT_IFAST: cinfo->dct_method = JDCT_IFAST; break;
    case PGJPEG_DCT_FLOAT: cinfo->dct_method = JDCT_FLOAT; break;
    default: cinfo->dct_method = JDCT_ISLOW; break;
    }
    cinfo->do_fancy_upsampling = params->fancy_upsampling ? TRUE : FALSE;
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        cinfo->out_color_space = JCS_CMYK;  // libjpeg converts YCCK to CMYK; we convert CMYK to RGB
        decoder->cmyk_output = 1;
        decoder->inverted_cmyk = cinfo->saw_Adobe_marker ? 1 : 0;
    } else {
        cinfo->out_color_space = JCS_RGB;  // libjpeg-turbo converts grayscale to RGB too
    }
    layout->inverted_cmyk = decoder->inverted_cmyk;

    pgjpeg_error_manager_enter(manager, "jpeg_calc_output_dimensions");
    jpeg_calc_output_dimensions(cinfo);
    layout->scaled_width = cinfo->output_width;
    layout->scaled_height = cinfo->output_height;

    uint32_t x = 0, y = 0, width = cinfo->output_width, height = cinfo->output_height;
    if (params->has_region) {
        x = params->region_x; y = params->region_y;
        width = params->region_width; height = params->region_height;
        if (width == 0 || height == 0 || x >= cinfo->output_width || y >= cinfo->output_height
            || width > cinfo->output_width - x || height > cinfo->output_height - y) {
            char message[PGJPEG_MESSAGE_LENGTH];
            snprintf(message, sizeof message, "region %u,%u %ux%u is not inside the %ux%u scaled image",
                     x, y, width, height, (unsigned)cinfo->output_width, (unsigned)cinfo->output_height);
            return invalid_argument(decoder, "jpeg_crop_scanline", message);
        }
    }

    decoder->progress.progress_monitor = pgjpeg_limit_scans;
    cinfo->progress = &decoder->progress;
    cinfo->client_data = decoder;

    pgjpeg_error_manager_enter(manager, "jpeg_start_decompress");
    (void)jpeg_start_decompress(cinfo);
    decoder->started = 1;

    if (width != cinfo->output_width) {
        JDIMENSION crop_x = x, crop_width = width;
        pgjpeg_error_manager_enter(manager, "jpeg_crop_scanline");
        jpeg_crop_scanline(cinfo, &crop_x, &crop_width);
        x = crop_x;
        width = crop_width;
    }
    if (y > 0) {
        pgjpeg_error_manager_enter(manager, "jpeg_skip_scanlines");
        JDIMENSION skipped = jpeg_skip_scanlines(cinfo, y);
        if (skipped != y) pgjpeg_error_manager_fail((j_common_ptr)cinfo, "could not skip to the region");
    }
    if (decoder->cmyk_output) {
        pgjpeg_error_manager_enter(manager, "alloc_sarray");
        decoder->cmyk_rows = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE,
                                                         cinfo->output_width * 4, 1);
    }
    layout->region_x = x;
    layout->region_y = y;
    layout->region_width = width;
    layout->region_height = height;
    decoder->region_height = height;
    decoder->diagnostics.call = NULL;
    return PGJPEG_STATUS_OK;
}

static pgjpeg_status decoder_open(pgjpeg_decoder *decoder, int fd, const uint8_t *data, size_t size,
                                  const pgjpeg_decode_params *params, pgjpeg_decode_layout *layout) {
    memset(layout, 0, sizeof *layout);
    layout->header.exif_offset = -1;
    if (decoder->created)
        return invalid_argument(decoder, "pgjpeg_decoder_open", "the decoder is already open");
    if (params->scale_denom != 1 && params->scale_denom != 2 && params->scale_denom != 4
        && params->scale_denom != 8)
        return invalid_argument(decoder, "pgjpeg_decoder_open", "scale_denom must be 1, 2, 4 or 8");
    decoder->max_scans = params->max_scans > 0 ? params->max_scans : PGJPEG_DEFAULT_MAX_SCANS;

    if (setjmp(decoder->manager.escape)) return PGJPEG_STATUS_ERROR;  // freed by pgjpeg_decoder_free
    pgjpeg_error_manager_enter(&decoder->manager, "jpeg_create_decompress");
    decoder->created = 1;  // the struct was zeroed by calloc: destroying a half-created one is safe
    jpeg_create_decompress(&decoder->cinfo);
    if (data != NULL) {
        pgjpeg_error_manager_enter(&decoder->manager, "jpeg_mem_src");
        jpeg_mem_src(&decoder->cinfo, data, (unsigned long)size);
    } else {
        pgjpeg_error_manager_enter(&decoder->manager, "pgjpeg_fd_src");
        pgjpeg_fd_src(&decoder->cinfo, fd);
    }
    return decoder_start(decoder, params, layout);
}

pgjpeg_status pgjpeg_decoder_open_fd(pgjpeg_decoder *decoder, int fd, const pgjpeg_decode_params *params,
                                     pgjpeg_decode_layout *layout) {
    return decoder_open(decoder, fd, NULL, 0, params, layout);
}

pgjpeg_status pgjpeg_decoder_open_memory(pgjpeg_decoder *decoder, const uint8_t *data, size_t size,
                                         const pgjpeg_decode_params *params, pgjpeg_decode_layout *layout) {
    if (data == NULL || size == 0)
        return invalid_argument(decoder, "jpeg_mem_src", "Empty input file");
    return decoder_open(decoder, -1, data, size, params, layout);
}

/// CMYK (or inverted CMYK) to RGB: R = (255 - C)(255 - K) / 255, rounded.
static void convert_cmyk_row(const JSAMPLE *cmyk, uint8_t *rgb, JDIMENSION width, int inverted) {
    for (JDIMENSION i = 0; i < width; i++, cmyk += 4, rgb += 3) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[0] = (uint8_t)((c * k + 127) / 255);
        rgb[1] = (uint8_t)((m * k + 127) / 255);
        rgb[2] = (uint8_t)((y * k + 127) / 255);
    }
}

pgjpeg_status pgjpeg_decoder_read(pgjpeg_decoder *decoder, uint8_t *rgb, size_t capacity) {
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (!decoder->started)
        return invalid_argument(decoder, "pgjpeg_decoder_read", "the decoder is not open");
    size_t row_bytes = (size_t)cinfo->output_width * 3;
    uint32_t rows = decoder->region_height;
    if (capacity / row_bytes < rows)
        return invalid_argument(decoder, "pgjpeg_decoder_read", "the pixel buffer is too small");

    if (setjmp(decoder->manager.escape)) return PGJPEG_STATUS_ERROR;
    pgjpeg_error_manager_enter(&decoder->manager, "jpeg_read_scanlines");
    uint32_t done = 0;
    while (done < rows) {
        if (decoder->cmyk_output) {
            JDIMENSION got = jpeg_read_scanlines(cinfo, decoder->cmyk_rows, 1);
            if (got != 1) pgjpeg_error_manager_fail((j_common_ptr)cinfo, "decoding made no progress");
            convert_cmyk_row(decoder->cmyk_rows[0], rgb + (size_t)done * row_bytes, cinfo->output_width,
                             decoder->inverted_cmyk);
            done += 1;
        } else {
            JSAMPROW row_pointers[PGJPEG_ROWS_PER_READ];
            uint32_t batch = rows - done < PGJPEG_ROWS_PER_READ ? rows - done : PGJPEG_ROWS_PER_READ;
            for (uint32_t i = 0; i < batch; i++) row_pointers[i] = rgb + (size_t)(done + i) * row_bytes;
            JDIMENSION got = jpeg_read_scanlines(cinfo, row_pointers, batch);
            if (got == 0) pgjpeg_error_manager_fail((j_common_ptr)cinfo, "decoding made no progress");
            done += got;
        }
    }
    decoder->diagnostics.call = NULL;
    // The rest of the image is not needed: pgjpeg_decoder_free aborts and destroys the decompressor.
    return PGJPEG_STATUS_OK;
}
